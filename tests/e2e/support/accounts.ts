import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP } from './browser';
import { signIn, unique } from './identity';
import { ok } from './page-api';

/**
 * A test file's pages, each in its own browser context (its own session, cookies and storage), all
 * closed together at the end. `defaults` are every context's options (a viewport, say) and
 * `timeout` every step's limit, so a step that cannot happen fails with its locator rather than
 * running into the test's own limit.
 */
export function pagesOf(browser: () => Browser, defaults: BrowserContextOptions & { timeout?: number } = {}) {
  const { timeout, ...options } = defaults;
  const contexts: BrowserContext[] = [];
  /** A fresh page with no session. */
  const open = async (opts: BrowserContextOptions = {}): Promise<Page> => {
    const ctx = await browser().newContext({ viewport: DESKTOP, ...options, ...opts });
    contexts.push(ctx);
    if (timeout !== undefined) ctx.setDefaultTimeout(timeout);
    return ctx.newPage();
  };
  /** A fresh page signed in as `email` (the demo password unless another is given). */
  const signedIn = async (email: string, password?: string, opts: BrowserContextOptions = {}): Promise<Page> => {
    const page = await open(opts);
    await signIn(page, email, password);
    return page;
  };
  const closeAll = async () => {
    for (const c of contexts.splice(0)) await c.close();
  };
  return { contexts, open, signedIn, closeAll };
}
export type Pages = ReturnType<typeof pagesOf>;

export interface AccountSpec {
  /** Names the account's e-mail address (e2e-<label>-<run and count>@example.com). */
  label: string;
  firstName: string;
  /** The last name, given the account's unique tag (so reruns never meet an earlier account). */
  lastName: (tag: string) => string;
  password: string;
  /** The mobile number made from the fresh 10-digit phone (a country code and as many digits as it takes). */
  mobile: (phone: string) => string;
  /** A driver's vehicle; its number is made from the tag too. */
  vehicle?: { carType: string; make: string; model: string; number: (tag: string) => string };
}

export interface MadeAccount { id: string; email: string; password: string; page: Page }

/**
 * A rider or driver with a fresh e-mail address and phone, created by `by` (an admin, or a fleet
 * admin for its own driver) through the users API, and a page of `pages` signed in as them.
 */
export async function newAccount(by: Page, pages: Pages, usertype: 'rider' | 'driver', spec: AccountSpec): Promise<MadeAccount> {
  const u = unique(spec.label);
  const v = usertype === 'driver' ? spec.vehicle : undefined;
  const made = await ok(by, 'POST', '/users', {
    usertype, firstName: spec.firstName, lastName: spec.lastName(u.tag), email: u.email, mobile: spec.mobile(u.phone), password: spec.password,
    ...(v ? { carType: v.carType, vehicleNumber: v.number(u.tag), vehicleMake: v.make, vehicleModel: v.model } : {}),
  });
  const page = await pages.signedIn(u.email, spec.password);
  return { id: made.id as string, email: u.email, password: spec.password, page };
}
