import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatZonedInput, zonedPeriods } from '../../shared/src/domain/time-zone';
import { launch, PHONE, siteUrl } from './support/browser';
import { fullShot, signIn } from './support/identity';
import { ok } from './support/page-api';

/**
 * Issue 21, the operator's clock in the browser. The demo operator is in Los Angeles; the browser
 * here runs on Tokyo time, so a date shown on the device's clock would be a day off. The settings
 * show the zone as a searchable list, the dashboard's today is the operator's date, and the
 * bookings table shows a Book Later trip at the wall-clock time it was booked for.
 */

const LA = 'America/Los_Angeles';
const DESKTOP = { width: 1366, height: 800 };
const PICKUP = { lat: 34.0522, lng: -118.2437, add: 'Downtown Los Angeles' };
const DROP = { lat: 34.0736, lng: -118.4004, add: 'Beverly Hills' };

describe("the operator's clock in the browser", () => {
  let browser: Browser;
  let context: BrowserContext;
  let admin: Page;

  beforeAll(async () => {
    browser = await launch();
    context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Tokyo', locale: 'en-US' });
    admin = await context.newPage();
    await signIn(admin, 'admin@example.com');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('the settings form shows the time zone as a searchable list', async () => {
    await admin.goto(`${siteUrl()}/settings`);
    const field = admin.getByTestId('settings-time-zone');
    await field.getByText('America/Los Angeles').waitFor();
    await fullShot(admin, 'operator-clock-settings-desktop');
    await field.getByRole('button').first().click();
    await admin.getByPlaceholder('Find a time zone').fill('kolk');
    // Found by its current name (the browser's own list says Asia/Calcutta).
    await admin.getByRole('option', { name: /Asia\/Kolkata/ }).first().waitFor();
    expect(await admin.getByRole('option', { name: /America\/Los Angeles/ }).count()).toBe(0);
    await admin.setViewportSize(PHONE);
    await field.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: 'test-results/screenshots/operator-clock-settings-phone.png' });
    await admin.keyboard.press('Escape');
    await admin.setViewportSize(DESKTOP);
    // Nothing was saved: the zone is still the demo's.
    expect((await ok(admin, 'GET', '/settings')).timeZone).toBe(LA);
  });

  it("the dashboard's today is the operator's date, not the device's", async () => {
    const today = zonedPeriods(Date.now(), LA).day;
    const label = `Today, ${new Date(`${today}T00:00:00Z`).toLocaleDateString('en', { day: 'numeric', month: 'short', timeZone: 'UTC' })}`;
    await admin.goto(`${siteUrl()}/dashboard`);
    await admin.getByTestId('card-today').getByText(label).waitFor();
    await admin.getByTestId('dashboard-cards').getByText('America/Los Angeles', { exact: false }).waitFor();
    await fullShot(admin, 'operator-clock-dashboard-desktop');
    await admin.setViewportSize(PHONE);
    await fullShot(admin, 'operator-clock-dashboard-phone');
    await admin.setViewportSize(DESKTOP);
  });

  it('the bookings table shows a Book Later trip at the operator wall-clock time it was booked for', async () => {
    const riderContext = await browser.newContext({ viewport: DESKTOP });
    const rider = await riderContext.newPage();
    await signIn(rider, 'rider1@example.com');
    const riderId = (await ok(rider, 'GET', '/me')).id as string;
    await riderContext.close();
    // 23:30 in Los Angeles, two days ahead: 07:30 or 06:30 UTC and 16:30 or 15:30 in Tokyo, a day later.
    const day = zonedPeriods(Date.now() + 2 * 86_400_000, LA).day;
    const text = `${day}T23:30`;
    const booked = await ok(admin, 'POST', '/bookings', {
      pickup: PICKUP, drop: DROP, carTypeId: 'economy', bookLater: true, tripdate: text, riderId,
      instructionData: { deliveryPerson: 'Pat Receiver', deliveryPersonPhone: '555 123 4567' },
    });
    expect(formatZonedInput(booked.tripdate, LA)).toBe(text);
    const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: LA }).format(booked.tripdate);
    const device = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(booked.tripdate);
    expect(shown).not.toBe(device);

    await admin.goto(`${siteUrl()}/bookings`);
    const table = admin.getByTestId('bookings-table');
    await table.getByRole('row').nth(1).waitFor();
    await admin.getByPlaceholder(/Find/i).first().fill(booked.id);
    const row = table.getByRole('row').filter({ hasText: booked.id });
    await row.getByText(shown).waitFor();
    expect(await row.getByText(device).count()).toBe(0);
    await fullShot(admin, 'operator-clock-bookings-desktop');
    // On a phone the table is Cloudscape cards, from the same columns.
    await admin.setViewportSize(PHONE);
    try {
      // Cloudscape cards are list items that carry no listitem role: the card is the one whose link is the id.
      const card = table.locator('li').filter({ has: admin.getByRole('link', { name: booked.id }) });
      await card.getByText(shown).first().waitFor();
      expect(await card.getByText(device).count()).toBe(0);
      await fullShot(admin, 'operator-clock-bookings-phone');
    } finally {
      await admin.setViewportSize(DESKTOP);
    }
  });

  it("Book Later's date and time say they are the operator's clock", async () => {
    await admin.goto(`${siteUrl()}/addbookings`);
    await admin.getByTestId('book-when').getByText('Book later', { exact: true }).click();
    await admin.getByText('Times are in America/Los Angeles.', { exact: false }).waitFor();
    await admin.getByTestId('trip-date').locator('input').fill(zonedPeriods(Date.now() + 86_400_000, LA).day);
    await admin.getByTestId('trip-time').locator('input').fill('23:30');
    await fullShot(admin, 'operator-clock-book-later-desktop');
    await admin.setViewportSize(PHONE);
    await fullShot(admin, 'operator-clock-book-later-phone');
    await admin.setViewportSize(DESKTOP);
  });
});
