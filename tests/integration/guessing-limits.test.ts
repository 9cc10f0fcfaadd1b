import { CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand, type InitiateAuthCommandOutput } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS } from '../../shared/src/domain/attempt-limits';
import { clearOfWindowEnd } from './support/attempt-windows';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { acceptedTrip, newRider } from './support/trips';

/**
 * Issue 19 item 8: guessing is limited, as one mechanism (attempt counters per subject in the
 * table): phone sign-in codes and texts per number, the trip code per booking, the public identity
 * checks per client; and password sign-in per user, which Cognito limits itself (and the local
 * identity service the same way).
 */

function cognito() {
  const e = endpoints();
  return new CognitoIdentityProviderClient({ region: e.region, endpoint: e.cognitoEndpoint || undefined, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
}
const clientId = () => endpoints().userPoolClientId;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let n = 0;
/** A rider with a mobile number no other test uses. */
async function riderWithMobile(): Promise<{ email: string; mobile: string }> {
  const u = `${Date.now().toString(36)}${n++}`;
  const mobile = `+1333${String(Date.now()).slice(-6)}${n % 10}`;
  const email = `guess-${u}@example.com`;
  const body = { usertype: 'rider', firstName: 'Guess', lastName: `Limit ${u}`, email, mobile, password: 'Rider1234' };
  const res = await api('POST', '/users', { token: await idToken(DEMO.admin), body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, mobile };
}

/** Texts sent to `to`, oldest first (the local cloud's SMS outbox). */
async function textsTo(to: string): Promise<string[]> {
  const { items } = (await (await fetch(`${endpoints().siteUrl}/local/outbox`)).json()) as { items: { to: string; message: string; at: string }[] };
  return items.filter((m) => m.to === to).sort((a, b) => a.at.localeCompare(b.at)).map((m) => /(\d{6})/.exec(m.message)?.[1] ?? '');
}

async function codeOfText(to: string, number: number): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const texts = await textsTo(to);
    if (texts.length >= number) return texts[number - 1]!;
    await pause(100);
  }
  throw new Error(`text ${number} to ${to} never came`);
}

const wrongFor = (code: string) => (code === '111111' ? '222222' : '111111');

describe.runIf(endpoints().siteUrl !== '')('guessing limits', () => {
  it('phone codes: wrong codes count per number across sessions; then even the right code is refused, and no new code is texted', async () => {
    await clearOfWindowEnd('otpCode');
    const { mobile } = await riderWithMobile();
    const c = cognito();
    const wrongAllowed = ATTEMPT_LIMITS.otpCode.limit;
    let wrong = 0;
    let texts = 0;
    let last: { session: InitiateAuthCommandOutput; code: string; username: string } | undefined;
    while (wrong < wrongAllowed) {
      const session = await c.send(new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: mobile } }));
      texts += 1;
      const code = await codeOfText(mobile, texts);
      const username = session.ChallengeParameters!.USERNAME!;
      let current: { Session?: string } = session;
      // Up to three tries per session (Cognito's own limit), and no more wrong ones than the number's.
      for (let i = 0; i < 3 && wrong < wrongAllowed; i++) {
        wrong += 1;
        const answer = c.send(new RespondToAuthChallengeCommand({ ClientId: clientId(), ChallengeName: 'CUSTOM_CHALLENGE', Session: current.Session, ChallengeResponses: { USERNAME: username, ANSWER: wrongFor(code) } }));
        if (i < 2) current = await answer;
        else await expect(answer).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      }
      if (wrong === wrongAllowed) last = { session: { ...session, Session: current.Session } as InitiateAuthCommandOutput, code, username };
    }
    // The session that used the last wrong code is still open: its right code is refused now.
    await expect(c.send(new RespondToAuthChallengeCommand({
      ClientId: clientId(), ChallengeName: 'CUSTOM_CHALLENGE', Session: last!.session.Session, ChallengeResponses: { USERNAME: last!.username, ANSWER: last!.code },
    }))).rejects.toMatchObject({ name: 'UserLambdaValidationException', message: expect.stringMatching(/otp_attempts_exceeded/) });
    // A new session is refused before anything is texted.
    await expect(c.send(new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: mobile } })))
      .rejects.toMatchObject({ name: 'UserLambdaValidationException', message: expect.stringMatching(/otp_attempts_exceeded/) });
    await pause(300);
    expect((await textsTo(mobile)).length).toBe(texts);
    c.destroy();
  });

  it('phone codes: texts beyond the limit per number are refused and none reaches the outbox', async () => {
    await clearOfWindowEnd('otpSend');
    const { mobile } = await riderWithMobile();
    const c = cognito();
    const limit = ATTEMPT_LIMITS.otpSend.limit;
    for (let i = 1; i <= limit; i++) {
      const session = await c.send(new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: mobile } }));
      expect(session.ChallengeName).toBe('CUSTOM_CHALLENGE');
      await codeOfText(mobile, i);
    }
    for (let i = 0; i < 3; i++) {
      await expect(c.send(new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: mobile } })))
        .rejects.toMatchObject({ name: 'UserLambdaValidationException', message: expect.stringMatching(/otp_send_limit/) });
    }
    await pause(300);
    expect((await textsTo(mobile)).length).toBe(limit);
    c.destroy();
  });

  it('trip code: after the wrong codes a booking allows, even the right code is refused with trip_code_locked, and the trip does not start', async () => {
    await clearOfWindowEnd('tripCode');
    const rider = await newRider();
    const { driver, booking } = await acceptedTrip(rider);
    expect(booking.otp, 'the demo settings have otp_secure on').toBeDefined();
    expect((await api('POST', `/bookings/${booking.id}/arrive`, { token: driver.token, body: {} })).status).toBe(200);
    const wrong = String((booking.otp! % 90000) + 10001);
    for (let i = 0; i < ATTEMPT_LIMITS.tripCode.limit; i++) {
      const res = await api('POST', `/bookings/${booking.id}/start`, { token: driver.token, body: { otp: wrong } });
      expect({ i, status: res.status, code: res.body.error?.code }).toEqual({ i, status: 400, code: 'trip_code_mismatch' });
    }
    const right = await api('POST', `/bookings/${booking.id}/start`, { token: driver.token, body: { otp: String(booking.otp) } });
    expect({ status: right.status, code: right.body.error?.code }).toEqual({ status: 429, code: 'trip_code_locked' });
    const read = await api('GET', `/bookings/${booking.id}`, { token: rider.token });
    expect(read.body.status).toBe('ARRIVED');
    await api('POST', `/bookings/${booking.id}/cancel`, { token: await idToken(DEMO.admin), body: { reason: 'Test over' } });
  });

  it('password sign-in: repeated wrong passwords lock the user, as Cognito does ("Password attempts exceeded"), even for the right password', async () => {
    const { email } = await riderWithMobile();
    const c = cognito();
    const signIn = (password: string) => c.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: email, PASSWORD: password } }));
    let locked = false;
    for (let i = 0; i < 12 && !locked; i++) {
      const e = await signIn(`Wrong${i}abc`).then(() => undefined, (err: Error) => err);
      expect(e, 'a wrong password never signs in').toBeDefined();
      locked = /Password attempts exceeded/.test(e!.message);
    }
    expect(locked, 'wrong passwords end in a lockout').toBe(true);
    await expect(signIn('Rider1234')).rejects.toMatchObject({ name: 'NotAuthorizedException', message: expect.stringMatching(/Password attempts exceeded/) });
    c.destroy();
  });

  it('public identity checks: limited per client (429 rate_limited), whichever check is asked; another client is still answered', async () => {
    const viewer = `198.51.100.${Math.floor(Math.random() * 250) + 1}, 10.${n++}.0.1`;
    const other = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    await clearOfWindowEnd('identityViewer');
    const ask = (i: number, from: string) => (i % 2
      ? api('POST', '/auth/validate-referrer', { body: { referralId: `zz${i}nope` }, headers: { 'x-forwarded-for': from } })
      : api('POST', '/auth/check-user-exists', { body: { email: `nobody-${i}@example.com` }, headers: { 'x-forwarded-for': from } }));
    for (let i = 0; i < ATTEMPT_LIMITS.identityViewer.limit; i++) {
      const res = await ask(i, viewer);
      expect({ i, status: res.status }).toEqual({ i, status: i % 2 ? 404 : 200 });
      // Slower than the gateway's per-route throttle refills, so a 429 below is the per-client limit's.
      await pause(150);
    }
    for (const i of [0, 1]) {
      const res = await ask(i, viewer);
      expect({ i, status: res.status, code: res.body.error?.code, limit: res.body.error?.details?.[0]?.path }).toEqual({ i, status: 429, code: 'rate_limited', limit: 'identityViewer' });
    }
    expect((await ask(0, other)).status).toBe(200);
  });
});
