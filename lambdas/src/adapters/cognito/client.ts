import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../../config';
import { tracer } from '../../observability/tracer';

let client: CognitoIdentityProviderClient | undefined;

export function cognitoClient(): CognitoIdentityProviderClient {
  if (!client) {
    const { AWS_REGION, COGNITO_ENDPOINT } = config();
    client = tracer.captureAWSv3Client(new CognitoIdentityProviderClient({ region: AWS_REGION, endpoint: COGNITO_ENDPOINT }));
  }
  return client;
}

export function resetCognitoClient(): void {
  client = undefined;
}
