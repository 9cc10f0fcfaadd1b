import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sidewaysScrollers } from './support/layout';
import { DESKTOP, launch, PHONE, siteUrl } from './support/browser';
import { fullShot, signIn } from './support/identity';
import { apiAs, ok } from './support/page-api';

/**
 * The earnings reports in the browser (spec §2 /earningreports, /driverearning): a trip of
 * driver1's (the demo fleet's driver) is paid, and the admin's report, the admin's driver
 * earnings and the fleet admin's driver earnings show it, each as a chart beside its table.
 */

// Far from every simulated driver: only driver1 goes there.
const LISBON = { lat: 38.7223, lng: -9.1393, add: 'Lisbon' };
const LISBON_DROP = { lat: 38.7323, lng: -9.1393, add: 'Arroios, Lisbon' };

describe('earnings reports in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  const newPage = async (email: string) => {
    const ctx = await browser.newContext({ viewport: DESKTOP });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await signIn(page, email);
    return page;
  };

  beforeAll(async () => {
    browser = await launch();
    admin = await newPage('admin@example.com');
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('a paid trip of driver1 moves the report, and the fleet admin sees its own driver', async () => {
    const before = await ok(admin, 'GET', '/earnings/report');
    const rider = await newPage('rider1@example.com');
    const riderId = (await ok(rider, 'GET', '/me')).id;
    const driver = await newPage('driver1@example.com');
    await ok(driver, 'POST', '/drivers/me/location', { lat: LISBON.lat + 0.002, lng: LISBON.lng });
    await ok(driver, 'PUT', '/drivers/me/availability', { online: true });
    const booked = await ok(admin, 'POST', '/bookings', {
      pickup: LISBON, drop: LISBON_DROP, carTypeId: 'economy', bookLater: false, riderId,
      instructionData: { deliveryPerson: 'Ana Receiver', deliveryPersonPhone: '555 123 4567' },
    });
    await ok(driver, 'POST', `/bookings/${booked.id}/accept`, {});
    await ok(driver, 'POST', `/bookings/${booked.id}/arrive`, {});
    const otp = (await ok(admin, 'GET', `/bookings/${booked.id}`)).otp;
    await ok(driver, 'POST', `/bookings/${booked.id}/start`, otp ? { otp: String(otp) } : {});
    await ok(driver, 'POST', `/bookings/${booked.id}/reach`, {});
    const paid = await ok(driver, 'POST', `/bookings/${booked.id}/settle`, { method: 'cash' });
    expect(paid.status).toBe('PAID');
    await ok(driver, 'PUT', '/drivers/me/availability', { online: false });

    const after = await ok(admin, 'GET', '/earnings/report');
    const bookings = (rows: { bookings: number }[]) => rows.reduce((s, r) => s + r.bookings, 0);
    expect(bookings(after.items)).toBe(bookings(before.items) + 1);

    await admin.goto(`${siteUrl()}/earningreports`);
    const table = admin.getByTestId('earnings-table');
    await table.getByRole('row').nth(1).waitFor();
    await admin.getByTestId('earnings-chart').getByRole('button', { name: /Convenience fee/ }).first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    // The operator's month (the demo's zone): the one the trip is counted in.
    const month = new Date().toLocaleDateString('en-US', { month: 'long', timeZone: 'America/Los_Angeles' });
    await table.getByText(month).first().waitFor();
    await fullShot(admin, 'earnings-report-desktop');
    await admin.setViewportSize(PHONE);
    // On a phone the months are cards: nothing to scroll sideways.
    await table.getByText(month).first().waitFor();
    expect(await sidewaysScrollers(table)).toEqual([]);
    await fullShot(admin, 'earnings-report-phone');
    await admin.setViewportSize(DESKTOP);

    await admin.goto(`${siteUrl()}/driverearning`);
    await admin.getByTestId('driver-earnings-table').getByText('Dan Driver').first().waitFor();
    await fullShot(admin, 'driver-earnings-admin-desktop');

    const fleet = await newPage('fleet@example.com');
    await fleet.goto(`${siteUrl()}/driverearning`);
    const fleetTable = fleet.getByTestId('driver-earnings-table');
    await fleetTable.getByText('Dan Driver').first().waitFor();
    // driver2 is in no fleet: never in the fleet admin's report.
    expect(await fleetTable.getByText('Dora Driver').count()).toBe(0);
    await fullShot(fleet, 'driver-earnings-fleet-desktop');
    await fleet.setViewportSize(PHONE);
    await fleetTable.getByText('Dan Driver').first().waitFor();
    expect(await sidewaysScrollers(fleetTable)).toEqual([]);
    await fullShot(fleet, 'driver-earnings-fleet-phone');
  }, 120_000);
});
