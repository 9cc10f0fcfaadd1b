import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '../config/load-config';

/** Amplify is used for Auth only (architecture §8); the endpoint points at cognito-local locally. */
export function configureAuth(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
