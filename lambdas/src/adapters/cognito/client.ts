import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../../config';
import { traced } from '../../observability/tracer';
import { onFirstUse } from '../sdk';

/** Cognito's commands, loaded with the client on first use (see adapters/sdk.ts). */
export const cognitoSdk = onFirstUse(() => import('@aws-sdk/client-cognito-identity-provider'));

let client: Promise<CognitoIdentityProviderClient> | undefined;

export function cognitoClient(): Promise<CognitoIdentityProviderClient> {
  if (!client) {
    client = cognitoSdk().then(({ CognitoIdentityProviderClient }) => {
      const { AWS_REGION, COGNITO_ENDPOINT } = config();
      return traced(new CognitoIdentityProviderClient({ region: AWS_REGION, endpoint: COGNITO_ENDPOINT }));
    });
    client.catch(() => { client = undefined; });
  }
  return client;
}

export function resetCognitoClient(): void {
  client = undefined;
}
