import type { Page } from 'playwright-core';
import { siteUrl } from './browser';

/** The signed-in user's ID token as Amplify stores it, for set-up calls straight to the API. */
export async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.endsWith('.idToken')) return localStorage.getItem(key);
    }
    return null;
  });
  if (!token) throw new Error('no ID token in the page');
  return token;
}

/** One REST call as the page's signed-in user (set-up and clean-up, never what a test checks on screen). */
export async function apiAs(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${siteUrl()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await idTokenOf(page)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** `apiAs` for set-up that must work: a failure throws with the answer, so the test says why. */
export async function ok(page: Page, method: string, path: string, body?: unknown): Promise<any> {
  const res = await apiAs(page, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
