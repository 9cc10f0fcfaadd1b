import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM, launch, PHONE, siteUrl } from './support/browser';
import { guardContext } from './support/csp-guard';
import { fullShot, signIn } from './support/identity';
import { ok } from './support/page-api';
import { startPushService, type PushService, type ReceivedPush } from '../support/push-service';

/**
 * The driver console as an installed app: Chromium recognises the manifest and the service worker
 * (no installability errors), and an offer and a rider's chat line reach a driver whose console
 * tab is in the background (another tab in front, the console frozen), as notifications shown by
 * the service worker.
 *
 * Chromium's own push service is out of reach here, so the browser's subscription points at a
 * push service this test runs on 127.0.0.1 (support/push-service.ts): the platform sends it real
 * Web Push (encrypted, VAPID-signed, the payload a deployment sends), the push service checks and
 * decrypts it as Chromium's would, and hands it to the driver's service worker over CDP, which is
 * the one leg a push service's connection to the browser would otherwise carry.
 */

const WIDE = { width: 1366, height: 800 };
// Far from the simulated fleet around the demo centre; a van booking there is offered to driver2 only.
const OSLO = { lat: 59.9139, lng: 10.7522, add: 'Oslo' };
const OSLO_DROP = { lat: 59.9239, lng: 10.7522, add: 'Grünerløkka, Oslo' };
const INSTRUCTIONS = { deliveryPerson: 'Pat Lee', deliveryPersonPhone: '555 123 4567' };

interface Shown { title: string; body: string; tag: string; data: Record<string, string> }

/** The notifications the site's service worker shows now (asked from any of its pages). */
const shownOn = (page: Page) => page.evaluate(async () => {
  const registration = await navigator.serviceWorker.ready;
  return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as Record<string, string> }));
}) as Promise<Shown[]>;

/** The assertion, or its failure with what the push service and the browser had by then: which leg lost a push. */
async function explained(assertion: Promise<unknown>, state: () => Promise<unknown>): Promise<void> {
  try {
    await assertion;
  } catch (e) {
    (e as Error).message += `\nPush legs at the failure: ${JSON.stringify(await state())}`;
    throw e;
  }
}

describe('the driver console as an installed app', () => {
  let browser: Browser;
  let others: BrowserContext[] = [];
  let driverContext: BrowserContext;
  let profileDir: string;
  let driver: Page;
  let cdp: CDPSession;
  let service: PushService;
  let admin: Page;
  let rider: Page;
  const registrations = new Map<string, string>();
  const delivered: ReceivedPush[] = [];

  const signedIn = async (email: string) => {
    const ctx = await browser.newContext({ viewport: WIDE });
    others.push(ctx);
    const page = await ctx.newPage();
    await signIn(page, email);
    return page;
  };

  beforeAll(async () => {
    browser = await launch();
    admin = await signedIn('admin@example.com');
    rider = await signedIn('rider1@example.com');
    const { publicKey } = await ok(admin, 'GET', '/me/device/web-push-key');
    expect(publicKey).toEqual(expect.any(String));

    // The push service's connection to the browser: the decrypted message goes to the service
    // worker of the site's registration, whichever tab is in front.
    service = await startPushService(publicKey as string, async (push) => {
      const registrationId = [...registrations.entries()].find(([, scope]) => scope === `${new URL(siteUrl()).origin}/`)?.[0];
      if (!registrationId) throw new Error('no service worker registration for the site');
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(siteUrl()).origin, registrationId, data: push.payload });
      delivered.push(push);
    });

    // A profile on disk, not an off-the-record context: Chromium never offers to install from incognito.
    profileDir = mkdtempSync(join(tmpdir(), 'driver-pwa-'));
    driverContext = await guardContext(await chromium.launchPersistentContext(profileDir, {
      ...CHROMIUM, viewport: WIDE, permissions: ['notifications', 'geolocation'], geolocation: { latitude: OSLO.lat, longitude: OSLO.lng },
    }));
    // The browser's subscription, as Chromium would hand it over after asking its push service.
    await driverContext.addInitScript((sub) => {
      const subscription = { ...sub, options: { userVisibleOnly: true }, getKey: () => null, unsubscribe: async () => true, toJSON: () => sub };
      let subscribed = false;
      PushManager.prototype.subscribe = async function () { subscribed = true; return subscription as unknown as PushSubscription; };
      PushManager.prototype.getSubscription = async function () { return (subscribed ? subscription : null) as unknown as PushSubscription | null; };
    }, service.subscription);
    driver = driverContext.pages()[0] ?? await driverContext.newPage();
    cdp = await driverContext.newCDPSession(driver);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      for (const r of list) {
        if (r.isDeleted) registrations.delete(r.registrationId);
        else registrations.set(r.registrationId, r.scopeURL);
      }
    });
    await cdp.send('ServiceWorker.enable');
    await signIn(driver, 'driver2@example.com');
  });

  afterAll(async () => {
    if (driver) await cdp?.send('Page.setWebLifecycleState', { state: 'active' }).catch(() => undefined);
    if (driver) await ok(driver, 'PUT', '/drivers/me/availability', { online: false }).catch(() => undefined);
    // The push service stops with this file: later files' pushes to driver2 must not go to it (each
    // would fail, be retried and hold up the stream behind it).
    if (driver && service) await ok(driver, 'DELETE', `/me/device?pushToken=${encodeURIComponent(JSON.stringify(service.subscription))}`).catch(() => undefined);
    await driverContext?.close();
    for (const c of others) await c.close();
    others = [];
    await browser?.close();
    await service?.stop();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  it('installs: the manifest is recognised with no errors and the service worker is registered and active', async () => {
    await ok(driver, 'PUT', '/drivers/me/availability', { online: true });
    await driver.goto(`${siteUrl()}/bookings`);
    await driver.getByTestId('driver-online-toggle').getByText('Online', { exact: true }).waitFor();

    const state = () => driver.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL, state: registration.active?.state };
    });
    await expect.poll(state, { timeout: 10_000 }).toEqual({ scope: `${new URL(siteUrl()).origin}/`, script: `${new URL(siteUrl()).origin}/sw.js`, state: 'activated' });
    // It controls the console once reloaded, as an installed app opens it.
    await driver.reload();
    await expect.poll(() => driver.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 10_000 }).toBe(`${new URL(siteUrl()).origin}/sw.js`);

    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${new URL(siteUrl()).origin}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data!)).toMatchObject({ name: 'Driver console', display: 'standalone', start_url: '/bookings' });
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    await driver.getByTestId('driver-online-toggle').getByText('Online', { exact: true }).waitFor();
    // The console as the driver sees it once loaded: the trips read, the location sent.
    await expect.poll(() => driver.getByText(/^Loading/).count(), { timeout: 15_000 }).toBe(0);
    await driver.getByText(/Location last sent/).waitFor();
    await fullShot(driver, 'driver-pwa-console-desktop');
    await driver.setViewportSize(PHONE);
    await fullShot(driver, 'driver-pwa-console-phone');
    await driver.setViewportSize(WIDE);
  });

  it('shows an offer and the rider\'s chat line as notifications while the console is in the background', async () => {
    // The console registers the browser's subscription as this driver's WEB device.
    await expect.poll(async () => (await ok(driver, 'GET', '/me')).pushToken ?? '', { timeout: 20_000 }).toBe(JSON.stringify(service.subscription));
    await expect.poll(async () => (await ok(driver, 'GET', '/drivers/me')).dispatchable, { timeout: 20_000 }).toBe(true);

    // Another tab in front, and the console tab asked to freeze, as a phone's browser does with a
    // tab in the background. Headless Chromium keeps every tab's visibilityState "visible", so
    // what is checked is where the notification comes from: `getNotifications()` lists only what
    // the service worker showed, never a page's own `new Notification()`.
    const front = await driverContext.newPage();
    await front.goto(`${siteUrl()}/`);
    await front.bringToFront();
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
    // The driver's own calls from here go through the tab in front (same profile, same sign-in).
    const asDriver = front;
    const legs = async () => ({
      received: service.received.map((p) => (JSON.parse(p.payload) as { data: unknown }).data),
      handedToBrowser: delivered.length,
      refused: service.refused,
      shown: await shownOn(front).catch((e: Error) => e.message),
    });

    const riderId = (await ok(rider, 'GET', '/me')).id as string;
    const booked = await ok(admin, 'POST', '/bookings', { pickup: OSLO, drop: OSLO_DROP, carTypeId: 'van', parcelTypeIndex: 1, optionIndex: null, bookLater: false, riderId, instructionData: INSTRUCTIONS });
    const driverId = (await ok(asDriver, 'GET', '/me')).id as string;
    expect(booked.requestedDrivers?.[driverId]).toBe(true);

    const offerMessage = async () => ((await ok(asDriver, 'GET', '/me/messages')).items as { kind: string; bookingId?: string; title: string; body: string }[])
      .find((m) => m.kind === 'new_booking' && m.bookingId === booked.id);
    await expect.poll(offerMessage, { timeout: 20_000 }).toBeDefined();
    const offer = (await offerMessage())!;
    const offerTag = `new_booking:${booked.id}`;
    await explained(expect.poll(async () => (await shownOn(front)).find((n) => n.tag === offerTag), { timeout: 20_000 })
      .toMatchObject({ title: offer.title, body: offer.body, data: { kind: 'new_booking', bookingId: booked.id } }), legs);
    // Exactly what a deployment pushes, signed for this push service, and urgent (an offer lapses in seconds).
    const pushed = delivered.map((d) => ({ ...d, message: JSON.parse(d.payload) as { title: string; body: string; data: Record<string, string> } }));
    expect(pushed.filter((p) => p.message.data.kind === 'new_booking' && p.message.data.bookingId === booked.id)).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ urgency: 'high', audience: new URL(service.subscription.endpoint).origin, subject: expect.stringMatching(/^(mailto:|https:)/) });
    expect(service.refused).toEqual([]);

    // The driver takes it; the rider writes; the line reaches the backgrounded console.
    await ok(asDriver, 'POST', `/bookings/${booked.id}/accept`, {});
    const line = `I am by the fountain, blue coat ${Date.now().toString(36)}`;
    await ok(rider, 'POST', `/bookings/${booked.id}/chat`, { message: line });
    await explained(expect.poll(async () => (await shownOn(front)).find((n) => n.tag === `chat_message:${booked.id}`), { timeout: 20_000 })
      .toMatchObject({ title: 'New message from your rider', body: line, data: { kind: 'chat_message', bookingId: booked.id } }), legs);
    expect(service.refused).toEqual([]);

    await cdp.send('Page.setWebLifecycleState', { state: 'active' });
    await front.close();
    await ok(admin, 'POST', `/bookings/${booked.id}/cancel`, { reason: 'Browser test done' }).catch(() => undefined);
  });
});
