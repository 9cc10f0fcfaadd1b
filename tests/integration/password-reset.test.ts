import { CognitoIdentityProviderClient, ConfirmForgotPasswordCommand, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { api, endpoints, idToken } from './support/endpoints';

describe.runIf(endpoints().siteUrl !== '')('password reset (spec §4 send reset email, §8 reset_pass_msg)', () => {
  it('sends a code (to the outbox here) and accepts the new password', async () => {
    const email = `reset-${Date.now().toString(36)}@example.com`;
    const signup = await api('POST', '/auth/signup', { body: { firstName: 'Rex', lastName: 'Reset', email, password: 'Before123', dialCode: '+1', phone: `4${String(Date.now()).slice(-9)}` } });
    expect(signup.status).toBe(201);
    const e = endpoints();
    const c = new CognitoIdentityProviderClient({ region: e.region, endpoint: e.cognitoEndpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const started = new Date().toISOString();
    await c.send(new ForgotPasswordCommand({ ClientId: e.userPoolClientId, Username: email }));
    let code: string | undefined;
    for (let i = 0; i < 30 && !code; i++) {
      const { items } = await (await fetch(`${e.siteUrl}/local/outbox`)).json() as { items: { to: string; message: string; at: string }[] };
      code = /(\d{4,8})/.exec(items.find((m) => m.to === email && m.at >= started)?.message ?? '')?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    expect(code).toBeTruthy();
    await c.send(new ConfirmForgotPasswordCommand({ ClientId: e.userPoolClientId, Username: email, ConfirmationCode: code!, Password: 'After1234' }));
    const token = await idToken(email, 'After1234');
    expect((await api('GET', '/me', { token })).status).toBe(200);
    await expect(idToken(email, 'Before123')).rejects.toThrow();
    c.destroy();
  });
});
