import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOTS, siteUrl } from './browser';
import { apiAs } from './page-api';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo1234';

/** Unique per run and per call, so reruns against one server never collide. */
let counter = 0;
const RUN = Date.now().toString(36);
export function unique(label: string) {
  counter += 1;
  const tag = `${RUN}${counter}`;
  // 10 digits, no leading zero: a valid typed phone (spec §5: at least 6 digits).
  const digits = `7${(Date.now() % 1e7).toString().padStart(7, '0')}${(counter % 100).toString().padStart(2, '0')}`;
  return { email: `e2e-${label}-${tag}@example.com`, phone: digits, tag };
}

/** What the visitor sees at the viewport size, scrolled to the top (the header is sticky). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
}

/** The whole page from the top; the sticky header would otherwise be painted mid-page. */
export async function fullShot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Scrolled and painted: two animation frames, not a guessed pause.
  await page.evaluate(() => new Promise<void>((done) => { window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(() => done())); }));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

export async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${siteUrl()}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in and waits until the page has left /login (the post-login destination by role). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await fillSignIn(page, email, password);
  await page.waitForURL((u) => u.pathname !== '/login');
}

/** The visible Cloudscape modal. */
export const dialog = (page: Page) => page.locator('[role="dialog"]:visible').last();

/** Picks an option of a Cloudscape Select (the trigger is a button named by its label). */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('button', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

/** A valid 1x1 PNG for the licence upload. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}

/** Fills the /register form; a driver also gets the licence image. Does not submit. */
export async function fillRegister(page: Page, account: NewAccount, usertype: 'rider' | 'driver' = 'rider') {
  await page.goto(`${siteUrl()}/register`);
  await page.getByLabel('First name', { exact: true }).fill(account.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(account.lastName);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Mobile', { exact: true }).fill(account.phone);
  if (usertype === 'driver') {
    await page.getByRole('radio', { name: /^Driver/ }).check();
    await page.locator('input[type="file"]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByLabel('Vehicle number', { exact: true }).fill('E2E-1');
  }
}

interface OutboxItem {
  channel: string;
  to: string;
  message: string;
  at: string;
}

/**
 * The newest code sent to `to` after `since` (ms), from the local cloud's SMS and e-mail outbox
 * (`/local/outbox`; AWS sends these through SNS and Cognito instead).
 */
export async function codeSentTo(to: string, since: number, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${siteUrl()}/local/outbox`);
    if (res.ok) {
      const { items } = (await res.json()) as { items: OutboxItem[] };
      const hit = items
        .filter((i) => i.to.toLowerCase() === to.toLowerCase() && Date.parse(i.at) >= since - 1000)
        .map((i) => /\b(\d{6})\b/.exec(i.message)?.[1])
        .filter((c): c is string => !!c)
        .pop();
      if (hit) return hit;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code sent to ${to}`);
}

/** Demo mode on (false) or off (true) through the settings API, as the signed-in admin. */
export async function setCriticalEdits(page: Page, on: boolean): Promise<void> {
  const { body } = await apiAs(page, 'GET', '/settings/all');
  const { version, ...settings } = body;
  if (settings.AllowCriticalEditsAdmin === on) return;
  const res = await apiAs(page, 'PUT', '/settings', { version, settings: { ...settings, AllowCriticalEditsAdmin: on } });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${JSON.stringify(res.body)}`);
}
