import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Role } from '../../shared/src/contract';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from '../../shared/src/domain/permissions';
import { a11yViolations, describeViolations, type A11yCheck, type A11yViolation } from './support/a11y-guard';
import { launch, PHONE, siteUrl } from './support/browser';
import { emptySlots } from './support/empty-slots';
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
 * Where the markup itself changes with the width, by the module that switches it (spec §9: tables
 * become cards, maps and the booking form rearrange) and the screens it draws. Every other screen
 * renders the same elements at any width, so the wide pass has already checked them; the phone
 * shell (toolbar, 240 px drawer) is around each screen the phone pass opens. A module that starts
 * to switch on the width and is not named here fails the first test below.
 */
const WIDTH_DEPENDENT: Record<string, readonly string[]> = {
  'pages/bookings/': ['/bookings'],
  'pages/dashboard/': ['/dashboard'],
  'pages/earnings/': ['/earningreports', '/driverearning'],
  'pages/serviceareas/': ['/serviceareas'],
  'pages/wallet/': ['/wallet'],
  'pages/withdraws/': ['/withdraws'],
  'features/booking-form/': ['/', '/addbookings'],
  'features/stops/': ['/', '/addbookings'],
  'features/trip/': ['/trip'],
  // Public pages are all checked on a phone; the shared trip needs a live trip (tests/e2e/trip-link.test.ts).
  'features/trip-link/': [],
  // The shells and the shared pieces: on every page, or drawn only through the modules above.
  'app/public-header': [],
  'app/signed-in-layout': [],
  'components/collection/': [],
};
const SWITCHES_ON_WIDTH = /use-media-query|responsive-collection|lazy-trip-map|map\/trip-map|drivers-map|area-map/;

/**
 * On a phone, the screens whose markup changes with the width, as every role that may open them:
 * a driver's /bookings is the console, a rider's a list, an admin's the table.
 */
const phoneRoutesOf = (role: Role) => {
  const switching = new Set(Object.values(WIDTH_DEPENDENT).flat());
  return routesOf(role).filter((path) => switching.has(path));
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

/**
 * Each screen's axe findings, and its empty slots: a stack or a button row on screen that holds a
 * slot with nothing in it (a component that drew nothing) shows a gap a reader takes for a bug.
 */
async function checkAll(page: Page, paths: readonly string[], check: A11yCheck): Promise<{ violations: A11yViolation[]; gaps: string[] }> {
  const violations: A11yViolation[] = [];
  const gaps: string[] = [];
  for (const path of paths) {
    await page.goto(`${siteUrl()}${path}`);
    await settle(page);
    violations.push(...(await a11yViolations(page, check)));
    gaps.push(...(await emptySlots(page)).map((html) => `${path}: ${html}`));
  }
  return { violations, gaps };
}

/**
 * Every screen of the web app, as every role that may open it, passes axe with no serious or
 * critical finding and shows no empty slot: wide, and on a phone where its markup changes with the width. Failures list each finding (page, rule, impact, target).
 */
describe('accessibility of every screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('counts a finding that lasts, not one of a page still drawing itself', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    try {
      // Faint text that stays, and faint text the page darkens a moment later (as data arriving redraws it).
      await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>Check</h1>
        <p id="stays" style="color:#bbb;background:#fff">Faint for good</p>
        <p id="passes" style="color:#bbb;background:#fff">Faint for a moment</p></main>
        <script>setTimeout(() => { document.getElementById('passes').style.color = '#000'; }, 300);</script></body></html>`);
      const found = await a11yViolations(page);
      expect(found.map((v) => `${v.rule} ${v.target}`)).toEqual(['color-contrast #stays']);
    } finally {
      await ctx.close();
    }
  });

  it('knows every module that changes the markup with the width', () => {
    const root = resolve(process.cwd(), 'web/src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const unnamed = files
      .filter((f) => SWITCHES_ON_WIDTH.test(readFileSync(join(root, f), 'utf8')))
      .map((f) => f.split(sep).join('/'))
      .filter((f) => !/^components\/(map|collection)\/|use-media-query/.test(f))
      .filter((f) => !Object.keys(WIDTH_DEPENDENT).some((prefix) => f.startsWith(prefix)));
    expect(unnamed).toEqual([]);
  });

  for (const [size, viewport, check] of SIZES) {
    it(`public pages at ${size} px`, async () => {
      const ctx = await browser.newContext({ viewport });
      try {
        const found = await checkAll(await ctx.newPage(), PUBLIC_PAGES, check);
        expect(describeViolations(found.violations)).toBe('');
        expect(found.gaps).toEqual([]);
      } finally {
        await ctx.close();
      }
    }, 300_000);

    for (const role of Object.keys(DEMO) as Role[]) {
      const paths = size === '1366' ? routesOf(role) : phoneRoutesOf(role);
      // A role with no screen that changes with the width has nothing more to see on a phone.
      if (paths.length === 0) continue;
      it(`${role} pages at ${size} px`, async () => {
        const ctx = await browser.newContext({ viewport });
        try {
          const page = await ctx.newPage();
          await signIn(page, DEMO[role]);
          const found = await checkAll(page, paths, check);
          expect(describeViolations(found.violations)).toBe('');
          expect(found.gaps).toEqual([]);
        } finally {
          await ctx.close();
        }
      }, 600_000);
    }
  }
});
