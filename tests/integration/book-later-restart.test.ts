import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalCloud } from '../../infra/local/cloud';
import { endpoints } from './support/endpoints';

/**
 * The local cloud keeps its due timer jobs in the table: a Book Later booking made before a
 * restart is still dispatched on time after it. Runs its own local cloud on a data dir (the
 * suite's shared one is in memory), so it only runs where the suite starts the local cloud.
 */
describe('Book Later across a restart of the local cloud', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ride-restart-'));
  // The same ports before and after, as `npm start` (PORT..PORT+3): the handlers' clients keep their endpoints.
  let port = 0;
  let cloud: LocalCloud | undefined;
  afterAll(async () => {
    await cloud?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<LocalCloud> {
    const { startLocalCloud } = await import('../../infra/local/cloud');
    const { freePortRange } = await import('../../infra/local/ports');
    port ||= await freePortRange(4);
    const { seedDemoData } = await import('../../infra/local/seed');
    const c = await startLocalCloud({ port, dataDir, fixedPorts: true });
    // Scripts and load balancers wait for /health: it must not say 200 before start-up has finished.
    expect((await fetch(`${c.url}/health`)).status).toBe(503);
    await seedDemoData({ password: 'Demo1234' });
    c.markReady();
    expect((await fetch(`${c.url}/health`)).status).toBe(200);
    return c;
  }

  function client(c: LocalCloud) {
    const cognito = new CognitoIdentityProviderClient({ region: c.region, endpoint: c.cognitoEndpoint, credentials: { accessKeyId: 't', secretAccessKey: 't' } });
    const token = async (email: string, password = 'Demo1234') => (await cognito.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: c.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password },
    }))).AuthenticationResult!.IdToken!;
    const call = async (t: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${c.apiUrl}${path}`, { method, headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: await res.json() as any };
    };
    return { token, call };
  }

  it('dispatches a booking made before the restart when its time comes', async () => {
    if (endpoints().siteUrl === '' || process.env.API_URL) return; // against a deployed API there is no local cloud to restart
    cloud = await start();
    let api = client(cloud);
    let admin = await api.token('admin@example.com');
    const settings = await api.call(admin, 'GET', '/settings/all');
    const { version, ...form } = settings.body;
    // Dispatch starts 15 minutes before the trip; a trip 15 minutes and a few seconds ahead is due in seconds.
    expect((await api.call(admin, 'PUT', '/settings', { version, settings: { ...form, bookLaterLeadMinutes: 15 } })).status).toBe(200);
    const riderId = (await api.call(await api.token('rider1@example.com'), 'GET', '/me')).body.id;
    const pickup = { lat: -33.45, lng: -70.66, add: 'Santiago, CL' };
    const drop = { lat: -33.42, lng: -70.6, add: 'Providencia, CL' };
    const booked = await api.call(admin, 'POST', '/bookings', {
      pickup, drop, carTypeId: 'economy', bookLater: true, tripdate: Date.now() + 15 * 60_000 + 8_000, riderId,
      instructionData: { deliveryPerson: 'Pat', deliveryPersonPhone: '555 123 4567' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ status: 'NEW', dispatchRound: 0 });
    // The driver is online before the stop (presence is in the table too): a slow restart on a
    // loaded machine may pass the due time, and the round must still find the driver.
    let driver = await api.token('driver1@example.com');
    expect((await api.call(driver, 'POST', '/drivers/me/location', { lat: -33.44, lng: -70.65 })).status).toBe(200);
    expect((await api.call(driver, 'PUT', '/drivers/me/availability', { online: true })).body.dispatchable).toBe(true);
    await cloud.stop();
    cloud = undefined;

    cloud = await start();
    api = client(cloud);
    admin = await api.token('admin@example.com');
    driver = await api.token('driver1@example.com');
    expect((await api.call(driver, 'POST', '/drivers/me/location', { lat: -33.44, lng: -70.65 })).status).toBe(200);
    await expect.poll(async () => (await api.call(admin, 'GET', `/bookings/${booked.body.id}`)).body.dispatchRound, { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await api.call(driver, 'GET', '/drivers/me/offers')).body.items.map((o: { bookingId: string }) => o.bookingId), { timeout: 30_000, interval: 500 })
      .toContain(booked.body.id);
  }, 120_000);
});
