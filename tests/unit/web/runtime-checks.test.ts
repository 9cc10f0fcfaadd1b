import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../shared/src/contract';
import { readErrorBody } from '../../../web/src/api/api-error';
import { parseRuntimeConfig } from '../../../web/src/config/load-config';

/** The web checks these bodies by hand (no zod on the landing page); they must agree with the contract. */
describe('readErrorBody (web/src/api) agrees with the contract\'s ErrorBody', () => {
  const samples: unknown[] = [
    { error: { code: 'not_found', message: 'No such booking' } },
    { error: { code: 'validation_error', message: 'Invalid', details: [{ path: 'body.name', message: 'Required' }] } },
    { error: { code: 'validation_error', message: 'Invalid', details: [] } },
    { error: { code: 'x', message: 'y', details: [{ path: 'a' }] } },
    { error: { code: 'x', message: 'y', details: 'nope' } },
    { error: { code: 1, message: 'y' } },
    { error: { code: 'x' } },
    { error: 'boom' },
    { message: 'Internal server error' },
    'Bad gateway',
    null,
    undefined,
    [],
  ];
  it.each(samples.map((s) => [JSON.stringify(s) ?? 'undefined', s]))('%s', (_, sample) => {
    const parsed = ErrorBody.safeParse(sample);
    expect(readErrorBody(sample)).toEqual(parsed.success ? parsed.data.error : undefined);
  });
});

describe('parseRuntimeConfig (web/src/config)', () => {
  const local = {
    apiUrl: 'http://localhost:3000/api', wsUrl: 'ws://localhost:3000/ws', region: 'eu-west-1',
    userPoolId: 'pool', userPoolClientId: 'client', cognitoEndpoint: 'http://localhost:3000/cognito',
    authFlowType: 'USER_PASSWORD_AUTH', mapStyle: 'offline', mapCenter: { lat: 40.4, lng: -3.7 },
  };

  it('accepts what the local cloud and CDK write, and drops unknown keys', () => {
    expect(parseRuntimeConfig({ ...local, somethingNew: 1 })).toEqual({ config: local });
    const aws = { ...local, apiUrl: '/prod', cognitoEndpoint: '', authFlowType: 'USER_SRP_AUTH', oauthDomain: 'x.auth.eu-west-1.amazoncognito.com' };
    const { cognitoEndpoint: _, ...expected } = aws;
    expect(parseRuntimeConfig(aws)).toEqual({ config: expected });
  });

  it('keeps appleSignIn (the sign-in page offers Apple only then) and refuses a non-boolean', () => {
    expect(parseRuntimeConfig({ ...local, appleSignIn: true })).toEqual({ config: { ...local, appleSignIn: true } });
    expect(parseRuntimeConfig({ ...local, appleSignIn: false })).toEqual({ config: local });
    expect(parseRuntimeConfig({ ...local, appleSignIn: 'yes' }).problems).toEqual(['appleSignIn: expected true or false']);
  });

  it('reports one line per problem', () => {
    const result = parseRuntimeConfig({ ...local, apiUrl: 'ftp://x', wsUrl: 3, region: '', authFlowType: 'CUSTOM', mapCenter: { lat: 91, lng: 0 } });
    expect(result.problems).toEqual([
      'apiUrl: must be an http(s) URL or start with /',
      'wsUrl: expected a string',
      'region: must not be empty',
      'authFlowType: must be one of USER_PASSWORD_AUTH, USER_SRP_AUTH',
      'mapCenter: expected { lat: -90..90, lng: -180..180 }',
    ]);
    expect(parseRuntimeConfig('<!doctype html>').problems).toEqual(['expected an object']);
    expect(parseRuntimeConfig({ ...local, cognitoEndpoint: 'not a url' }).problems).toEqual(['cognitoEndpoint: must be a URL']);
  });
});
