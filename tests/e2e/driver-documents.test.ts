import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, PHONE, siteUrl } from './support/browser';
import { fullShot, PNG_1X1, unique } from './support/identity';
import { apiAs, ok } from './support/page-api';
import { newAccount, pagesOf } from './support/accounts';

/**
 * Driver documents in the browser: a driver uploads a document with its expiry date on the
 * profile (and sees the warning of one expiring soon); an admin verifies from the drivers page's
 * queue; a fleet admin rejects one of its own driver's with a reason; and a driver set offline for
 * a rejected mandatory document sees why in the console, with what to do.
 */

const DESKTOP = { width: 1366, height: 900 };
const PASSWORD = 'Docs1234';
/** The operator's day `days` from now (the demo's zone is behind UTC at most a day: a margin of days keeps tests clear of it). */
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('driver documents in the browser', () => {
  let browser: Browser;
  let admin: Page;
  let fleet: Page;
  const pages = pagesOf(() => browser, { viewport: DESKTOP, timeout: 30_000 });

  /** A driver made by `by` (the admin or a fleet admin), signed in. */
  const driver = (by: Page) => newAccount(by, pages, 'driver', {
    label: 'docs-driver', firstName: 'Dana', lastName: (tag) => `Docs ${tag}`, password: PASSWORD, mobile: (phone) => `+1${phone}`,
    vehicle: { carType: 'Economy', make: 'Toyota', model: 'Corolla', number: (tag) => `DOC ${tag.slice(-4)}` },
  });

  /** A document submitted through the API, as the profile page would (upload, then submit). */
  const submitted = async (page: Page, type: string, expiresOn: string) => {
    const ticket = await ok(page, 'POST', '/auth/signup/license-upload', { contentType: 'image/png', size: PNG_1X1.length });
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'doc.png');
    expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    const res = await ok(page, 'PUT', `/me/documents/${type}`, { key: ticket.key, expiresOn });
    return (res.items as { type: string; version: number }[]).find((i) => i.type === type)!.version;
  };

  /** Desktop and phone shots of a section, scrolled to it. */
  const shots = async (page: Page, section: Locator, name: string) => {
    await section.scrollIntoViewIfNeeded();
    await fullShot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE);
    await section.scrollIntoViewIfNeeded();
    await fullShot(page, `${name}-phone`);
    await page.setViewportSize(DESKTOP);
  };

  const saveSettings = async (change: Record<string, unknown>) => {
    const { version, ...settings } = await ok(admin, 'GET', '/settings/all');
    return ok(admin, 'PUT', '/settings', { version, settings: { ...settings, ...change } });
  };

  beforeAll(async () => {
    browser = await launch();
    admin = await pages.signedIn('admin@example.com');
    fleet = await pages.signedIn('fleet@example.com');
  });
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
  });

  it('a driver uploads insurance with its expiry date and sees it waiting, and the warning of a registration expiring soon', async () => {
    const d = await driver(admin);
    await submitted(d.page, 'registration', dayAfter(10));
    await d.page.goto(`${siteUrl()}/profile`);
    const section = d.page.getByTestId('driver-documents');
    await section.waitFor();
    await d.page.getByTestId('document-registration-expiring').waitFor();
    await d.page.getByTestId('document-insurance-file').locator('input[type="file"]').setInputFiles({ name: 'insurance.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const [y, m, day] = dayAfter(200).split('-');
    await d.page.getByTestId('document-insurance-expiry').locator('input').fill(`${y}/${m}/${day}`);
    await d.page.getByTestId('document-insurance-save').click();
    await d.page.getByTestId('document-insurance-message').getByText('waiting for review').waitFor();
    await expect.poll(() => d.page.getByTestId('document-insurance-state').textContent(), { timeout: 15_000 }).toContain('Waiting for review');
    // The upload's progress is gone once it succeeded.
    expect(await d.page.getByTestId('document-insurance').getByRole('progressbar').count()).toBe(0);
    await shots(d.page, section, 'documents-driver');
    // Nothing of it is the page's own story: the server has it.
    const mine = await ok(d.page, 'GET', `/users/${d.id}/documents`);
    expect(mine.items.find((i: { type: string }) => i.type === 'insurance')).toMatchObject({ state: 'pending', expiresOn: dayAfter(200) });
  });

  it('an admin verifies a document from the drivers page\'s queue', async () => {
    const d = await driver(admin);
    await submitted(d.page, 'licence', dayAfter(300));
    await admin.goto(`${siteUrl()}/drivers`);
    const queue = admin.getByTestId('document-queue');
    await queue.waitFor();
    const entry = admin.getByTestId(`document-queue-${d.id}`);
    await entry.getByRole('button').first().click();
    await entry.getByTestId('document-licence-verify').click();
    await expect.poll(() => entry.getByTestId('document-licence-state').textContent(), { timeout: 15_000 }).toContain('Verified');
    await shots(admin, entry, 'documents-admin');
    const after = await ok(admin, 'GET', `/users/${d.id}/documents`);
    expect(after.items.find((i: { type: string }) => i.type === 'licence').state).toBe('verified');
  });

  it('a fleet admin rejects its own driver\'s document with a reason the driver reads', async () => {
    const d = await driver(fleet);
    await submitted(d.page, 'insurance', dayAfter(120));
    await fleet.goto(`${siteUrl()}/drivers`);
    const entry = fleet.getByTestId(`document-queue-${d.id}`);
    await entry.waitFor();
    await entry.getByRole('button').first().click();
    await entry.getByTestId('document-insurance-reject').click();
    await entry.getByTestId('document-insurance-reason').locator('textarea').fill('The policy number cannot be read');
    await entry.getByTestId('document-insurance-reject-confirm').click();
    await expect.poll(() => entry.getByTestId('document-insurance-state').textContent(), { timeout: 15_000 }).toContain('Rejected');
    await shots(fleet, entry, 'documents-fleet');
    // Another fleet's driver is not in this fleet admin's queue.
    const other = await driver(admin);
    await submitted(other.page, 'insurance', dayAfter(120));
    expect((await apiAs(fleet, 'GET', `/users/${other.id}/documents`)).status).toBe(404);
  });

  it('the queue comes a page at a time: More reads the next page until every driver is listed, each once', async () => {
    // A fresh fleet of this file's own: its queue holds its three drivers and nobody else's.
    const u = unique('docs-fleet');
    await ok(admin, 'POST', '/users', { usertype: 'fleetadmin', firstName: 'Paula', lastName: `Pages ${u.tag}`, email: u.email, mobile: `+1${u.phone}`, password: PASSWORD });
    const owner = await pages.signedIn(u.email, PASSWORD);
    const drivers = [await driver(owner), await driver(owner), await driver(owner)];
    for (const d of drivers) {
      await submitted(d.page, 'licence', dayAfter(300));
      await submitted(d.page, 'insurance', dayAfter(300));
    }
    // Pages of one document each, so three drivers (six documents) take several reads.
    await owner.route(/\/driver-documents\?/, (route) => route.continue({ url: `${route.request().url()}&limit=1` }));
    await owner.goto(`${siteUrl()}/drivers`);
    const queue = owner.getByTestId('document-queue');
    const listed = () => queue.locator('[data-testid^="document-queue-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')).filter((id) => id !== 'document-queue-more'));
    await queue.getByTestId(`document-queue-${drivers[0]!.id}`).waitFor();
    expect(await listed()).toEqual([`document-queue-${drivers[0]!.id}`]);
    const more = queue.getByTestId('document-queue-more');
    for (let clicks = 0; (await more.count()) > 0; clicks++) {
      expect(clicks, 'More keeps coming').toBeLessThan(8);
      // A page may add nobody new (its document belongs to a driver already listed): More stays.
      await Promise.all([owner.waitForResponse((r) => /\/driver-documents\?/.test(r.url())), more.click()]);
      await expect.poll(() => queue.locator('[data-testid="document-queue-more"][aria-disabled="true"]').count()).toBe(0);
    }
    expect(await listed()).toEqual(drivers.map((d) => `document-queue-${d.id}`));
    await shots(owner, queue, 'documents-queue-paged');
  });

  it('a driver set offline for a rejected required document sees why in the console, and what to do', async () => {
    const d = await driver(admin);
    const version = await submitted(d.page, 'insurance', dayAfter(200));
    await ok(admin, 'POST', `/users/${d.id}/documents/insurance/review`, { decision: 'verified', version });
    await ok(d.page, 'POST', '/drivers/me/location', { lat: 59.91, lng: 10.75 });
    await ok(d.page, 'PUT', '/drivers/me/availability', { online: true });
    await saveSettings({ mandatoryDocuments: ['insurance'] });
    try {
      const renewal = await submitted(d.page, 'insurance', dayAfter(500));
      await ok(admin, 'POST', `/users/${d.id}/documents/insurance/review`, { decision: 'rejected', version: renewal, reason: 'Wrong vehicle' });
      await d.page.goto(`${siteUrl()}/bookings`);
      const banner = d.page.getByTestId('offline-reason');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('insurance is rejected');
      await shots(d.page, banner, 'documents-offline-banner');
      await d.page.getByTestId('offline-reason-action').click();
      await d.page.getByTestId('driver-documents').waitFor();
    } finally {
      await saveSettings({ mandatoryDocuments: undefined });
    }
  });
});
