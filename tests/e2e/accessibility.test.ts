import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Role } from '../../shared/src/contract';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from '../../shared/src/domain/permissions';
import { a11yViolations, describeViolations, type A11yCheck, type A11yViolation } from './support/a11y-guard';
import { launch, PHONE, siteUrl } from './support/browser';
import { signIn } from './support/identity';

const WIDE = { width: 1366, height: 768 };
// Colours do not change with the width: contrast is checked once, wide.
const SIZES = [['1366', WIDE, {}], ['390', PHONE, { skipContrast: true }]] as const;

/** The demo user of each role (README, scripts/seed.ts). */
const DEMO: Record<Role, string> = {
  admin: 'admin@example.com',
  fleetadmin: 'fleet@example.com',
  driver: 'driver1@example.com',
  rider: 'rider1@example.com',
};

/** Every public page of spec §2 and the "not found" page. */
const PUBLIC_PAGES = [...PUBLIC_ROUTES, '/no-such-page'];

/** The protected routes a role may open, from the spec's table the router guards with. */
const routesOf = (role: Role) =>
  Object.entries(PROTECTED_ROUTES).filter(([, roles]) => (roles as readonly Role[]).includes(role)).map(([path]) => path);

/**
 * On a phone, each screen once, as the first role (in DEMO's order) that may open it: the layout
 * that changes with the width is the app's own, not the role's, and the wide pass already saw every
 * screen as every role.
 */
const phoneRoutesOf = (role: Role) => {
  const roles = Object.keys(DEMO) as Role[];
  return routesOf(role).filter((path) => roles.find((r) => routesOf(r).includes(path)) === role);
};

/**
 * The page drawn with its data: its heading shown (or, for a page that can only refuse, such as a
 * receipt without a booking id, its error) and no spinner left (live sockets never go quiet).
 */
async function settle(page: Page) {
  // Visible ones only: the closed drawer keeps a hidden heading, and waiting on it costs the whole timeout.
  await page.locator('h1:visible, h2:visible, [class*="awsui_type-error_"]:visible').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[class*="awsui_spinner"]'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
}

async function checkAll(page: Page, paths: readonly string[], check: A11yCheck): Promise<A11yViolation[]> {
  const found: A11yViolation[] = [];
  for (const path of paths) {
    await page.goto(`${siteUrl()}${path}`);
    await settle(page);
    found.push(...(await a11yViolations(page, check)));
  }
  return found;
}

/**
 * Every screen of the web app, as every role that may open it, wide and on a phone, passes axe
 * with no serious or critical finding. Failures list each finding (page, rule, impact, target).
 */
describe('accessibility of every screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [size, viewport, check] of SIZES) {
    it(`public pages at ${size} px`, async () => {
      const ctx = await browser.newContext({ viewport });
      try {
        const found = await checkAll(await ctx.newPage(), PUBLIC_PAGES, check);
        expect(describeViolations(found)).toBe('');
      } finally {
        await ctx.close();
      }
    }, 300_000);

    for (const role of Object.keys(DEMO) as Role[]) {
      const paths = size === '1366' ? routesOf(role) : phoneRoutesOf(role);
      // On a phone a role may have no screen left to see (every one was seen as an earlier role).
      if (paths.length === 0) continue;
      it(`${role} pages at ${size} px`, async () => {
        const ctx = await browser.newContext({ viewport });
        try {
          const page = await ctx.newPage();
          await signIn(page, DEMO[role]);
          const found = await checkAll(page, paths, check);
          expect(describeViolations(found)).toBe('');
        } finally {
          await ctx.close();
        }
      }, 600_000);
    }
  }
});
