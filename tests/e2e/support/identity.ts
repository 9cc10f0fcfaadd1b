import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Signs in through the login form and waits until the page has left /login (the post-login destination by role). */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await fillSignIn(page, email, password);
  await page.waitForURL((u) => u.pathname !== '/login');
  await rememberSession(page, email, password);
}

/**
 * Signs in and waits until the page has left /login (the post-login destination by role).
 *
 * The first sign-in of an account in a run goes through the login form; later ones put that
 * session's stored tokens in the page and open /login, which sends a signed-in user on to the
 * role's start page, as it does for a returning user. A session the API no longer admits (the
 * user signed out, or a password reset ended it) is dropped and the form is used again. Tests of
 * signing in itself use `signInWithForm`.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const saved = await admittedSession(email, password);
  if (!saved) {
    await signInWithForm(page, email, password);
    return;
  }
  // A picture of the site (no app): its origin's storage, set before the app starts and reads it.
  await page.goto(`${siteUrl()}/icons/icon.svg`);
  await page.evaluate(({ prefix, entries }) => {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, { prefix: AMPLIFY_PREFIX, entries: Object.entries(saved) });
  await page.goto(`${siteUrl()}/login`);
  await page.waitForURL((u) => u.pathname !== '/login');
}

/** Amplify keeps a session's tokens under these localStorage keys (web/src/auth/configure-auth.ts). */
const AMPLIFY_PREFIX = 'CognitoIdentityServiceProvider.';
type Session = Record<string, string>;
/** This file's sessions; E2E_SESSION_DIR (set by scripts/e2e.ts) shares them with the run's other files. */
const sessions = new Map<string, Session>();
const sessionKey = (email: string, password: string) => createHash('sha256').update(`${email.toLowerCase()}\n${password}`).digest('hex').slice(0, 32);
const sessionFile = (key: string) => (process.env.E2E_SESSION_DIR ? join(process.env.E2E_SESSION_DIR, `${key}.json`) : undefined);

async function rememberSession(page: Page, email: string, password: string): Promise<void> {
  const entries = await page.evaluate((prefix) => Object.entries(localStorage).filter(([k]) => k.startsWith(prefix)), AMPLIFY_PREFIX);
  if (!entries.some(([k]) => k.endsWith('.idToken'))) return; // a sign-in that needs another step (e-mail code): nothing to keep
  const key = sessionKey(email, password);
  const session = Object.fromEntries(entries);
  sessions.set(key, session);
  const file = sessionFile(key);
  if (file) writeFileSync(file, JSON.stringify(session));
}

/** A remembered session of the account that the API still admits for a while, else none. */
async function admittedSession(email: string, password: string): Promise<Session | undefined> {
  const key = sessionKey(email, password);
  const file = sessionFile(key);
  const session = sessions.get(key) ?? (file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Session) : undefined);
  if (!session) return undefined;
  const idToken = Object.entries(session).find(([k]) => k.endsWith('.idToken'))?.[1];
  const exp = idToken ? Number(JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')).exp) : 0;
  const admitted = exp * 1000 > Date.now() + 10 * 60_000
    && (await fetch(`${siteUrl()}/api/me`, { headers: { authorization: `Bearer ${idToken}` } })).status === 200;
  if (admitted) return session;
  sessions.delete(key);
  if (file) rmSync(file, { force: true });
  return undefined;
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
