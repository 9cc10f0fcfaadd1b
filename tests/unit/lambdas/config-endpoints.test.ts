import { afterEach, describe, expect, it } from 'vitest';
import { config, resetConfig } from '../../../lambdas/src/config';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
});

describe('endpoints a runtime gives through the SDK\'s own variables', () => {
  it('fills the project\'s endpoint variables and the token issuer from AWS_ENDPOINT_URL_<SERVICE>', () => {
    process.env = { TABLE_NAME: 't', USER_POOL_ID: 'local_pool', AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8001', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:8003', AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://127.0.0.1:8002' };
    resetConfig();
    expect(config()).toMatchObject({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:8001', S3_ENDPOINT: 'http://127.0.0.1:8003', COGNITO_ENDPOINT: 'http://127.0.0.1:8002', jwtIssuer: 'http://127.0.0.1:8002/local_pool' });
  });

  it('keeps an explicit endpoint and issuer, and AWS\'s own without either', () => {
    process.env = { TABLE_NAME: 't', USER_POOL_ID: 'p', DYNAMODB_ENDPOINT: 'http://a:1', AWS_ENDPOINT_URL_DYNAMODB: 'http://b:2', JWT_ISSUER: 'http://issuer' };
    resetConfig();
    expect(config()).toMatchObject({ DYNAMODB_ENDPOINT: 'http://a:1', jwtIssuer: 'http://issuer' });
    process.env = { TABLE_NAME: 't', USER_POOL_ID: 'p', AWS_REGION: 'eu-west-1' };
    resetConfig();
    expect(config().jwtIssuer).toBe('https://cognito-idp.eu-west-1.amazonaws.com/p');
    expect(config().S3_ENDPOINT).toBeUndefined();
  });
});
