import {
  CognitoIdentityProviderClient, GetUserAttributeVerificationCodeCommand, InitiateAuthCommand, VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { saveSettings } from './support/settings-helpers';

/** Spec §4 Sign-in, §5 Login: with email_verify on, password users need a verified e-mail, on every call. */
describe.runIf(endpoints().siteUrl !== '')('email verification (email_verify)', () => {
  it('refuses an unverified password user until the e-mailed code is confirmed', async () => {
    const e = endpoints();
    const email = `verify-${Date.now().toString(36)}@example.com`;
    expect((await api('POST', '/auth/signup', { body: { firstName: 'Vera', lastName: 'Fy', email, password: 'Verify123', dialCode: '+1', phone: `6${String(Date.now()).slice(-9)}` } })).status).toBe(201);
    expect((await saveSettings({ email_verify: true })).status).toBe(200);
    try {
      const c = new CognitoIdentityProviderClient({ region: e.region, endpoint: e.cognitoEndpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
      const auth = await c.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: e.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: 'Verify123' } }));
      const tokens = auth.AuthenticationResult!;
      const refused = await api('GET', '/me', { token: tokens.IdToken });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('email_verify_message');
      // Seeded users are verified: they are not affected.
      expect((await api('GET', '/me', { token: await idToken(DEMO.rider) })).status).toBe(200);

      const started = new Date().toISOString();
      await c.send(new GetUserAttributeVerificationCodeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email' }));
      let code: string | undefined;
      for (let i = 0; i < 30 && !code; i++) {
        const { items } = await (await fetch(`${e.siteUrl}/local/outbox`)).json() as { items: { to: string; message: string; at: string }[] };
        code = /(\d{4,8})/.exec(items.find((m) => m.to === email && m.at >= started)?.message ?? '')?.[1];
        if (!code) await new Promise((r) => setTimeout(r, 100));
      }
      await c.send(new VerifyUserAttributeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email', Code: code! }));
      const refreshed = await c.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: e.userPoolClientId, AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! } }));
      const me = await api('GET', '/me', { token: refreshed.AuthenticationResult!.IdToken });
      expect(me.status).toBe(200);
      c.destroy();
    } finally {
      expect((await saveSettings({ email_verify: false })).status).toBe(200);
    }
  });
});
