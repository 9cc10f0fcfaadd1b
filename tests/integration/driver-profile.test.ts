import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDriver, type TestDriver } from './support/drivers';
import { api, DEMO, idToken } from './support/endpoints';
import { fleetDriver, newFleetAdmin, type TestFleet } from './support/fleets';
import { readSettings, saveSettings } from './support/settings-helpers';
import { postForm } from './support/uploads';

/**
 * The driver's own profile (spec §3 driver extras): the vehicle and the bank details a driver
 * keeps, which every withdrawal request reuses; the licence image, replaced as it was uploaded at
 * sign-up and read through short-lived links by the driver, the driver's fleet admin and admins.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
const me = async (token: string) => (await api('GET', '/me', { token })).body;

/** A licence image uploaded as at sign-up: its server-made key. */
async function uploadedLicence(): Promise<string> {
  const ticket = await api('POST', '/auth/signup/license-upload', { body: { contentType: 'image/png', size: PNG.length } });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  expect((await postForm(ticket.body, PNG, 'image/png')).status).toBeLessThan(300);
  return ticket.body.key as string;
}

describe('the driver\'s own profile', () => {
  let admin: string;
  let fleet: TestFleet;
  let otherFleet: TestFleet;
  let driver: TestDriver;
  let bankFieldsBefore: unknown;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    [fleet, otherFleet] = await Promise.all([newFleetAdmin(admin), newFleetAdmin(admin)]);
    driver = await fleetDriver(fleet);
    bankFieldsBefore = (await readSettings()).settings.bank_fields;
    expect((await saveSettings({ bank_fields: true })).status).toBe(200);
  });
  afterAll(async () => {
    expect((await saveSettings({ bank_fields: bankFieldsBefore })).status).toBe(200);
  });

  it('a driver edits their vehicle and bank details; their fleet admin and admins see the same', async () => {
    const details = { vehicleMake: 'Toyota', vehicleModel: 'Prius', vehicleNumber: 'OSL-123', carType: 'Van', bankName: 'Nordbank', bankCode: 'NB01', bankAccount: '12345678' };
    const res = await api('PATCH', '/me/driver-details', { token: driver.token, body: details });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject(details);
    expect(await me(driver.token)).toMatchObject(details);
    for (const token of [admin, fleet.token]) {
      const listed = await api('GET', '/users?usertype=driver&limit=100', { token });
      expect(listed.body.items.find((u: { id: string }) => u.id === driver.id)).toMatchObject(details);
    }
    // An emptied text clears its field.
    expect((await api('PATCH', '/me/driver-details', { token: driver.token, body: { vehicleModel: '' } })).body.vehicleModel).toBe('');
  });

  it('refuses a car type that is not one, and fields a driver does not own, writing nothing', async () => {
    const before = await me(driver.token);
    const wrong = await api('PATCH', '/me/driver-details', { token: driver.token, body: { carType: 'Spaceship', vehicleNumber: 'NEW-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('not_a_car_type');
    const blank = await api('PATCH', '/me/driver-details', { token: driver.token, body: { carType: '' } });
    expect(blank.body.error.code).toBe('not_a_car_type');
    for (const body of [{ walletBalance: 1000 }, { approved: true }, { fleetadmin: otherFleet.id }, { usertype: 'admin' }, { licenseImage: 'private/licences/1-x' }, { vehicleNumber: 'x'.repeat(31) }]) {
      const res = await api('PATCH', '/me/driver-details', { token: driver.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await me(driver.token)).toEqual(before);
  });

  it('only drivers have driver details of their own: riders, fleet admins and admins are refused', async () => {
    for (const token of [await idToken(DEMO.rider), fleet.token, admin]) {
      const res = await api('PATCH', '/me/driver-details', { token, body: { vehicleNumber: 'NOT-A-DRIVER' } });
      expect(res.status).toBe(403);
    }
  });

  it('a withdrawal that names no bank takes the profile\'s, not retyped', async () => {
    const d = await newDriver();
    expect((await api('PATCH', '/me/driver-details', { token: d.token, body: { bankName: 'Kept Bank', bankCode: 'KB', bankAccount: '000111' } })).status).toBe(200);
    expect((await api('POST', `/wallets/${d.id}/credits`, { token: admin, body: { amount: 20 } })).status).toBe(200);
    const asked = await api('POST', '/withdraws', { token: d.token, body: { amount: 5 } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ bankName: 'Kept Bank', bankCode: 'KB', bankAccount: '000111' });
  });

  it('the licence: replaced with an uploaded image; read by the driver, their fleet admin and admins, by nobody else', async () => {
    const key = await uploadedLicence();
    const set = await api('POST', '/me/licence-image', { token: driver.token, body: { key } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.licenseImage).toBe(key);

    for (const token of [driver.token, fleet.token, admin]) {
      const link = await api('GET', `/users/${driver.id}/licence-image`, { token });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const image = await fetch(link.body.url);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const stranger = await newDriver();
    for (const token of [otherFleet.token, stranger.token]) {
      const res = await api('GET', `/users/${driver.id}/licence-image`, { token });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    // A licence nobody uploaded, or a key of another kind, is refused and the profile keeps its licence.
    const missing = await api('POST', '/me/licence-image', { token: driver.token, body: { key: `private/licences/1-${crypto.randomUUID()}` } });
    expect(missing.status).toBe(404);
    const other = await api('POST', '/me/licence-image', { token: driver.token, body: { key: `public/users/${driver.id}/profileImage` } });
    expect(other.status).toBe(400);
    expect((await me(driver.token)).licenseImage).toBe(key);
  });
});
