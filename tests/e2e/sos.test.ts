import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launch, PHONE, siteUrl } from './support/browser';
import { fullShot, unique } from './support/identity';
import { ok } from './support/page-api';
import { newAccount, pagesOf, type AccountSpec } from './support/accounts';

/**
 * SOS in the browser: a rider sets an emergency contact in the profile, presses SOS during a trip
 * and confirms; the admin's dashboard shows the alert live, the admin acknowledges it and closes
 * it with what was done. The trip is this file's own, far from npm start's simulated fleet, so it
 * stays in progress while the test looks at it.
 */

const OSLO = { lat: 59.9139, lng: 10.7522, add: 'Karl Johans gate 1, Oslo, NO' };
const OSLO_DROP = { lat: 59.9239, lng: 10.7522, add: 'Thorvald Meyers gate 5, Grünerløkka, Oslo, NO' };
const PASSWORD = 'Trip1234';

describe('SOS in the browser', () => {
  let browser: Browser;
  let admin: Page;

  const pages = pagesOf(() => browser, { timeout: 30_000 });
  const spec = (usertype: 'rider' | 'driver'): AccountSpec => ({
    label: `sos-${usertype}`, firstName: usertype === 'driver' ? 'Ingrid' : 'Rolf', lastName: (tag) => `Sostest ${tag}`,
    password: PASSWORD, mobile: (phone) => `+47${phone.slice(-8)}`,
    vehicle: { carType: 'Economy', make: 'Volvo', model: 'XC40', number: (tag) => `SO ${tag.slice(-5)}` },
  });
  const account = (usertype: 'rider' | 'driver', by?: Page) => newAccount(by ?? admin, pages, usertype, spec(usertype));

  /** A trip of the rider's, accepted by the driver, in progress far from the simulated fleet. */
  async function tripOf(riderId: string, driver: Page) {
    await ok(driver, 'POST', '/drivers/me/location', { lat: OSLO.lat - 0.004, lng: OSLO.lng });
    expect((await ok(driver, 'PUT', '/drivers/me/availability', { online: true })).dispatchable).toBe(true);
    const booked = await ok(admin, 'POST', '/bookings', {
      pickup: OSLO, drop: OSLO_DROP, carTypeId: 'economy', bookLater: false, riderId,
      instructionData: { deliveryPerson: 'Per Hansen', deliveryPersonPhone: '555 765 4321' },
    });
    await ok(driver, 'POST', `/bookings/${booked.id}/accept`, {});
    return booked as { id: string };
  }

  beforeAll(async () => {
    browser = await launch();
    admin = await pages.signedIn('admin@example.com');
  });
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
  });

  it('a rider adds a contact and presses SOS; the admin sees it live, acknowledges and closes it', async () => {
    const driver = await account('driver');
    const rider = await account('rider');
    const page = rider.page;

    // The emergency contact, in the profile (a Norwegian mobile, typed without its country code).
    await page.goto(`${siteUrl()}/profile`);
    const form = page.getByTestId('emergency-contact');
    await form.waitFor();
    await page.getByTestId('emergency-contact-name').locator('input').fill('Kari Nordmann');
    await page.getByTestId('emergency-contact-phone').locator('input').fill('123');
    await page.getByTestId('emergency-contact-save').click();
    await form.getByText('No text message could reach this phone number').waitFor();
    await page.getByTestId('emergency-contact-phone').locator('input').fill('412 34 567');
    await page.getByTestId('emergency-contact-save').click();
    await form.getByText('Emergency contact saved.').waitFor();
    expect((await ok(page, 'GET', '/me')).emergencyContact).toEqual({ name: 'Kari Nordmann', phone: '412 34 567' });
    await form.scrollIntoViewIfNeeded();
    await fullShot(page, 'sos-emergency-contact-desktop');
    await page.setViewportSize(PHONE);
    await form.scrollIntoViewIfNeeded();
    await fullShot(page, 'sos-emergency-contact-phone');
    await page.setViewportSize(DESKTOP);

    // A trip in progress.
    const booked = await tripOf(rider.id, driver.page);

    // The admin's dashboard is open before anything happens: the alert arrives live.
    await admin.goto(`${siteUrl()}/dashboard`);
    await admin.getByTestId('dashboard-cards').waitFor();
    expect(await admin.getByTestId('sos-alerts').count()).toBe(0);

    await page.goto(`${siteUrl()}/trip?id=${booked.id}`);
    await page.getByTestId('trip-view').waitFor();
    await page.getByTestId('trip-sos').click();
    await page.getByTestId('trip-sos-modal').getByText('call your local emergency number').waitFor();
    await page.getByTestId('trip-sos-note').locator('textarea').fill('The driver took a road I do not know');
    await fullShot(page, 'sos-confirm-desktop');
    await page.setViewportSize(PHONE);
    await fullShot(page, 'sos-confirm-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('trip-sos-confirm').click();
    await page.getByTestId('trip-sos-sent').waitFor();
    await fullShot(page, 'sos-raised-trip-desktop');
    await page.setViewportSize(PHONE);
    await fullShot(page, 'sos-raised-trip-phone');
    await page.setViewportSize(DESKTOP);

    // The driver's trip view shows the flag too.
    await driver.page.goto(`${siteUrl()}/trip?id=${booked.id}`);
    await driver.page.getByTestId('trip-sos-sent').waitFor();

    // Live on the dashboard, without a reload.
    const table = admin.getByTestId('sos-alerts');
    await table.getByText(`Rolf Sostest`).first().waitFor();
    await table.getByText('Open', { exact: true }).waitFor();
    await table.getByText(/Raised by Rolf Sostest .*: The driver took a road I do not know/).waitFor();
    await fullShot(admin, 'sos-dashboard-open-desktop');
    await admin.setViewportSize(PHONE);
    await fullShot(admin, 'sos-dashboard-open-phone');
    await admin.setViewportSize(DESKTOP);
    await table.getByTestId('sos-acknowledge').click();
    await table.getByText('Acknowledged', { exact: true }).waitFor();
    await table.getByText(/Acknowledged by Ada Admin/).waitFor();
    await table.getByTestId('sos-close').click();
    const modal = admin.getByTestId('sos-close-modal');
    await modal.getByTestId('sos-close-note').locator('textarea').fill('Called Rolf: a diversion, all well');
    await fullShot(admin, 'sos-dashboard-close-desktop');
    await modal.getByTestId('sos-close-confirm').click();
    await modal.waitFor({ state: 'hidden' });
    // Closed: nothing is left to handle, and the panel goes away.
    await table.waitFor({ state: 'detached', timeout: 15_000 }).catch(async (e: Error) => {
      await fullShot(admin, 'sos-dashboard-after-close-failed');
      throw e;
    });

    const all = await ok(admin, 'GET', '/sos-alerts?state=all');
    const alert = (all.items as { bookingId: string; status: string; audit: { action: string; byName: string; note?: string }[] }[]).find((a) => a.bookingId === booked.id)!;
    expect(alert.status).toBe('closed');
    expect(alert.audit.map((a) => a.action)).toEqual(['raised', 'acknowledged', 'closed']);
    expect(alert.audit[0]!.note).toBe('The driver took a road I do not know');
    expect(alert.audit[2]).toMatchObject({ byName: 'Ada Admin', note: 'Called Rolf: a diversion, all well' });
    await ok(admin, 'POST', `/bookings/${booked.id}/cancel`, { reason: 'Browser test done' }).catch(() => undefined);
  }, 360_000);

  it('a fleet admin sees its own driver\'s SOS live on its dashboard and handles it; another fleet sees nothing', async () => {
    // Two fresh fleets of this file's own, so no other file's dashboard shows this alert.
    const fleetOf = async (label: string) => {
      const u = unique(label);
      const made = await ok(admin, 'POST', '/users', { usertype: 'fleetadmin', firstName: 'Frida', lastName: `Fleet ${u.tag}`, email: u.email, mobile: `+47${u.phone.slice(-8)}`, password: PASSWORD });
      return { id: made.id as string, page: await pages.signedIn(u.email, PASSWORD) };
    };
    const [fleet, other] = [await fleetOf('sos-fleet'), await fleetOf('sos-other-fleet')];
    const driver = await account('driver', fleet.page);
    const rider = await account('rider');
    const booked = await tripOf(rider.id, driver.page);

    for (const f of [fleet, other]) {
      await f.page.goto(`${siteUrl()}/dashboard`);
      await f.page.getByTestId('dashboard-cards').waitFor();
      expect(await f.page.getByTestId('sos-alerts').count()).toBe(0);
    }
    // The driver presses SOS on the trip.
    await driver.page.goto(`${siteUrl()}/trip?id=${booked.id}`);
    await driver.page.getByTestId('trip-sos').click();
    await driver.page.getByTestId('trip-sos-confirm').click();
    await driver.page.getByTestId('trip-sos-sent').waitFor();

    const panel = fleet.page.getByTestId('sos-alerts');
    await panel.getByText('Ingrid Sostest').first().waitFor();
    await panel.getByText('Open', { exact: true }).waitFor();
    await fullShot(fleet.page, 'sos-dashboard-fleet-desktop');
    await fleet.page.setViewportSize(PHONE);
    await fullShot(fleet.page, 'sos-dashboard-fleet-phone');
    await fleet.page.setViewportSize(DESKTOP);
    await panel.getByTestId('sos-acknowledge').click();
    await panel.getByText(/Acknowledged by Frida Fleet/).waitFor();
    await panel.getByTestId('sos-close').click();
    const modal = fleet.page.getByTestId('sos-close-modal');
    await modal.getByTestId('sos-close-note').locator('textarea').fill('Called Ingrid: a flat tyre, help is on the way');
    await modal.getByTestId('sos-close-confirm').click();
    await panel.waitFor({ state: 'detached', timeout: 15_000 });

    // The other fleet never saw it, and its list is empty.
    expect(await other.page.getByTestId('sos-alerts').count()).toBe(0);
    expect((await ok(other.page, 'GET', '/sos-alerts?state=all')).items).toEqual([]);
    await ok(admin, 'POST', `/bookings/${booked.id}/cancel`, { reason: 'Browser test done' }).catch(() => undefined);
  }, 360_000);
});
