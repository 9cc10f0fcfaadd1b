import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '../config/load-config';

/**
 * Amplify is used for Auth only (architecture §8); the endpoint points at cognito-local locally.
 * OAuth (Facebook and Apple through the Cognito hosted domain) is configured only when the
 * deployment names a domain; the redirect comes back to /login, which finishes the sign-in.
 */
export function configureAuth(config: RuntimeConfig, origin = window.location.origin): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: {
          email: true,
          ...(config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: ['openid', 'email', 'profile'],
                  redirectSignIn: [`${origin}/login`],
                  redirectSignOut: [`${origin}/`],
                  responseType: 'code' as const,
                },
              }
            : {}),
        },
      },
    },
  });
}
