import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launch, PHONE, screenshot, siteUrl } from './support/browser';

const ADMIN_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo1234';

async function cognito(target: string, body: unknown) {
  const cfg = await (await fetch(`${siteUrl()}/config.json`)).json();
  const res = await fetch(cfg.cognitoEndpoint, {
    method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify({ ClientId: cfg.userPoolClientId, ...(body as object) }),
  });
  return { cfg, out: await res.json() };
}

async function setEmailVerify(on: boolean) {
  const { cfg, out } = await cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'admin@example.com', PASSWORD: ADMIN_PASSWORD } });
  const headers = { authorization: `Bearer ${out.AuthenticationResult.IdToken}`, 'content-type': 'application/json' };
  const all = await (await fetch(`${cfg.apiUrl}/settings/all`, { headers })).json();
  const { version, ...settings } = all;
  const res = await fetch(`${cfg.apiUrl}/settings`, { method: 'PUT', headers, body: JSON.stringify({ version, settings: { ...settings, email_verify: on } }) });
  expect(res.status).toBe(200);
}

async function latestEmailCode(to: string, after: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { items } = await (await fetch(`${siteUrl()}/local/outbox`)).json() as { items: { to: string; message: string; at: string }[] };
    const code = /(\d{4,8})/.exec(items.find((m) => m.to === to && m.at >= after)?.message ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no e-mail code');
}

describe('email verification at sign-in (spec §4 Sign-in, email_verify on)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launch(); await setEmailVerify(true); });
  afterAll(async () => { await setEmailVerify(false); await browser?.close(); });

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`asks an unverified rider for the e-mailed code, then signs them in (${name})`, async () => {
      const email = `verify-${name}-${Date.now().toString(36)}@example.com`;
      const cfg = await (await fetch(`${siteUrl()}/config.json`)).json();
      const signup = await fetch(`${cfg.apiUrl}/auth/signup`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Vera', lastName: 'Fy', email, password: 'Verify123', dialCode: '+1', phone: `6${String(Date.now()).slice(-9)}` }),
      });
      expect(signup.status).toBe(201);

      const page = await browser.newPage({ viewport });
      await page.goto(`${siteUrl()}/login`);
      const started = new Date().toISOString();
      await page.locator('input[type="email"]').first().fill(email);
      await page.locator('input[type="password"]').first().fill('Verify123');
      await page.getByRole('button', { name: /sign in/i }).first().click();
      const modal = page.locator('[role="dialog"]:visible').last();
      await modal.waitFor({ state: 'visible' });
      await page.waitForTimeout(400); // let the modal's open animation finish before the picture
      await screenshot(page, `email-verification-modal-${name}`);
      await modal.locator('input').first().fill(await latestEmailCode(email, started));
      await page.getByTestId('verify-email-submit').click();
      await page.waitForURL((u) => new URL(u).pathname === '/');
      await page.waitForLoadState('networkidle');
      await page.getByText(/Signed in as Vera/).first().waitFor({ state: 'visible' });
      await screenshot(page, `email-verification-done-${name}`);
      await page.close();
    });
  }
});
