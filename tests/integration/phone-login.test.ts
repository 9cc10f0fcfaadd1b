import { CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { api, endpoints } from './support/endpoints';

const DEMO_RIDER_MOBILE = '+15550000005';

/** The outbox only exists where no SMS can leave (the local cloud). */
const outboxUrl = () => `${endpoints().siteUrl}/local/outbox`;

async function latestCode(to: string, after: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { items } = (await (await fetch(outboxUrl())).json()) as { items: { to: string; message: string; at: string }[] };
    const hit = items.find((m) => m.to === to && m.at > after);
    const code = hit && /(\d{6})/.exec(hit.message)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no code in the outbox');
}

function cognito() {
  const e = endpoints();
  return new CognitoIdentityProviderClient({ region: e.region, endpoint: e.cognitoEndpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
}

describe.runIf(endpoints().siteUrl !== '')('phone OTP sign-in through Cognito custom auth (spec §4 Sign-in, §5 Login)', () => {
  const clientId = () => endpoints().userPoolClientId;

  it('texts a 6-digit code, accepts it after a wrong try and issues tokens the API accepts', async () => {
    const c = cognito();
    const started = new Date().toISOString();
    const first = await c.send(new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: DEMO_RIDER_MOBILE } }));
    expect(first.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(first.ChallengeParameters?.phone).toMatch(/0005$/);
    const code = await latestCode(DEMO_RIDER_MOBILE, started);
    expect(code).toMatch(/^[1-9]\d{5}$/);

    const wrong = await c.send(new RespondToAuthChallengeCommand({
      ClientId: clientId(), ChallengeName: 'CUSTOM_CHALLENGE', Session: first.Session,
      ChallengeResponses: { USERNAME: first.ChallengeParameters!.USERNAME!, ANSWER: code === '111111' ? '222222' : '111111' },
    }));
    expect(wrong.ChallengeName).toBe('CUSTOM_CHALLENGE');
    const ok = await c.send(new RespondToAuthChallengeCommand({
      ClientId: clientId(), ChallengeName: 'CUSTOM_CHALLENGE', Session: wrong.Session,
      ChallengeResponses: { USERNAME: first.ChallengeParameters!.USERNAME!, ANSWER: code },
    }));
    const token = ok.AuthenticationResult?.IdToken;
    expect(token).toBeTruthy();
    const me = await api('GET', '/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.mobile).toBe(DEMO_RIDER_MOBILE);
    c.destroy();
  });

  it('fails after three wrong codes', async () => {
    const c = cognito();
    let res = await c.send(new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: DEMO_RIDER_MOBILE } }));
    const username = res.ChallengeParameters!.USERNAME!;
    for (let i = 0; i < 2; i++) {
      res = await c.send(new RespondToAuthChallengeCommand({ ClientId: clientId(), ChallengeName: 'CUSTOM_CHALLENGE', Session: res.Session, ChallengeResponses: { USERNAME: username, ANSWER: '000000' } }));
      expect(res.ChallengeName).toBe('CUSTOM_CHALLENGE');
    }
    await expect(c.send(new RespondToAuthChallengeCommand({ ClientId: clientId(), ChallengeName: 'CUSTOM_CHALLENGE', Session: res.Session, ChallengeResponses: { USERNAME: username, ANSWER: '000000' } })))
      .rejects.toMatchObject({ name: 'NotAuthorizedException' });
    c.destroy();
  });

  it('says the user does not exist for an unknown number', async () => {
    const c = cognito();
    await expect(c.send(new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: '+15559999999' } })))
      .rejects.toMatchObject({ name: 'UserNotFoundException' });
    expect((await api('POST', '/auth/check-user-exists', { body: { mobile: '+15559999999' } })).body.exists).toBe(false);
    c.destroy();
  });
});
