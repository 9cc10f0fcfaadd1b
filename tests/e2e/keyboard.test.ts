import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launch, siteUrl } from './support/browser';
import { DEMO_PASSWORD, fullShot } from './support/identity';
import { ok } from './support/page-api';

const WIDE = { width: 1366, height: 768 };

/** Is the keyboard focus on `target` or inside it? */
const holdsFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/**
 * Does the focused element show that it has the focus? An outline or a ring (box-shadow) on it,
 * or the ring Cloudscape draws as a bordered ::before/::after on it or on its tile or label.
 */
const focusShows = (page: Page) =>
  page.evaluate(() => {
    const ring = (s: CSSStyleDeclaration, pseudo: boolean) => {
      if (pseudo && (s.content === 'none' || s.content === 'normal')) return false;
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
      const shadow = !!s.boxShadow && s.boxShadow !== 'none';
      const border = pseudo && parseFloat(s.borderTopWidth) > 0 && s.borderTopStyle !== 'none';
      return outline || shadow || border;
    };
    let el = document.activeElement as Element | null;
    for (let depth = 0; el && depth < 4; depth += 1, el = el.parentElement) {
      if (ring(getComputedStyle(el), false) || ring(getComputedStyle(el, '::before'), true) || ring(getComputedStyle(el, '::after'), true)) return true;
    }
    return false;
  });

/** Tabs (or shift-tabs) until the focus reaches `target`, which must then show its focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await target.waitFor();
  if (process.env.KEYBOARD_TRACE) console.log('tab to', String(target));
  for (let i = 0; i <= max; i += 1) {
    if (await holdsFocus(target)) {
      const described = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
      expect(await focusShows(page), `no visible focus on ${described}`).toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

/** Picks the suggestion of a place field with the arrow keys and Enter. */
async function choosePlace(page: Page, label: string, search: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await tabTo(page, box);
  await page.keyboard.type(search, { delay: 20 });
  await page.getByRole('option', { name: option }).first().waitFor();
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('ArrowDown');
    const highlighted = await page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      return (id && document.getElementById(id)?.textContent) || '';
    });
    if (option.test(highlighted ?? '')) break;
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => box.inputValue()).toMatch(option);
}

/** Moves a radio group's choice with the arrow keys until `name` is checked. */
async function arrowTo(page: Page, radio: Locator) {
  for (let i = 0; i < 10 && !(await radio.isChecked()); i += 1) await page.keyboard.press('ArrowDown');
  expect(await radio.isChecked()).toBe(true);
}

/**
 * A rider who cannot use a mouse signs in, books a ride and pays for it with the keyboard alone
 * (Tab, Shift+Tab, Enter, Space, arrows; typing into fields), and every control reached shows
 * where the focus is. No click anywhere.
 */
describe('keyboard only', () => {
  let browser: Browser;
  let ctx: BrowserContext;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
  });

  it('a rider signs in, books a ride and pays with the keyboard alone, the focus always visible', async () => {
    ctx = await browser.newContext({ viewport: WIDE });
    const page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${siteUrl()}/login`);
    await tabTo(page, page.getByLabel('Email', { exact: true }));
    await page.keyboard.type('rider1@example.com');
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname !== '/login');

    await page.goto(siteUrl());
    await page.getByTestId('booking-form-slot').waitFor();
    await choosePlace(page, 'Pickup', 'San Francisco', /^San Francisco, CA, US/);
    await choosePlace(page, 'Drop', 'Oakland', /^Oakland, CA, US/);
    const tiles = page.getByTestId('car-type-tiles');
    await tabTo(page, tiles);
    await arrowTo(page, tiles.getByRole('radio', { name: /^Economy/ }));
    await tabTo(page, page.getByTestId('book-button'));
    await page.keyboard.press('Enter');

    const estimate = page.getByTestId('estimate-modal');
    await tabTo(page, estimate.getByLabel('Name', { exact: true }));
    await page.keyboard.type('Kay Board');
    await tabTo(page, estimate.getByLabel('Phone', { exact: true }));
    await page.keyboard.type('555 123 4567');
    await tabTo(page, page.getByTestId('confirm-booking'));
    await page.keyboard.press('Enter');

    const success = page.getByTestId('booking-success');
    await success.getByText('Booking successful. Booking ID:').waitFor();
    const id = /Booking ID:\s*([A-Z0-9]+)/.exec(await success.innerText())![1]!;
    await tabTo(page, page.getByTestId('booking-success-pay'));
    await page.keyboard.press('Enter');

    const checkout = page.getByTestId('checkout');
    await checkout.waitFor();
    const providers = page.getByTestId('checkout-providers');
    await tabTo(page, providers);
    await arrowTo(page, providers.getByRole('radio', { name: 'PayPal', exact: true }));
    await fullShot(page, 'a11y-keyboard-checkout-desktop');
    await tabTo(page, page.getByTestId('checkout-pay'));
    const popup = ctx.waitForEvent('page');
    await page.keyboard.press('Space');
    const gateway = await popup;
    const pay = gateway.getByTestId('gateway-pay');
    await tabTo(gateway, pay);
    await gateway.keyboard.press('Enter');
    await gateway.getByTestId('payment-result').getByText('Payment received').waitFor({ timeout: 15_000 });

    const paid = await ok(page, 'GET', `/bookings/${id}`);
    expect(paid).toMatchObject({ prepaid: true, gateway: 'paypal' });
    await ok(page, 'POST', `/bookings/${id}/cancel`, { reason: 'keyboard test clean-up' }).catch(() => undefined);
  }, 180_000);

  afterAll(async () => {
    // A failure leaves a picture of where the keyboard got stuck.
    for (const p of ctx?.pages() ?? []) await fullShot(p, `a11y-keyboard-last-${ctx.pages().indexOf(p)}`).catch(() => undefined);
  });
});
