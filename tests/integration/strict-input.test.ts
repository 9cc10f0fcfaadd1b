import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, idToken } from './support/endpoints';
import { sampleBooking, sampleCarType, sampleNotification } from './support/sample-requests';
import { readSettings } from './support/settings-helpers';
import { acceptedTrip, newRider, type TestRider } from './support/trips';

/**
 * Issue #19 item 13, over HTTP: numeric settings have real ranges (never a 500, never silently
 * replaced), a route without distance is refused (spec §5), and free text never stores control
 * characters or invisible-only names.
 */
describe('settings: every numeric setting has a real range', () => {
  let before: Awaited<ReturnType<typeof readSettings>>;
  beforeAll(async () => { before = await readSettings(); });

  it.each([
    ['bonus', 1e21, 'proper_bonus'], ['bonus', 1e308, 'proper_bonus'], ['bonus', 1e15, 'proper_bonus'], ['bonus', '1e3', 'proper_bonus'], ['bonus', -1, 'proper_bonus'],
    ['driverRadius', 1e21, 'validation_error'], ['driverRadius', 1e308, 'validation_error'], ['driverRadius', -5, 'validation_error'],
    ['driverRadius', '-5', 'validation_error'], ['driverRadius', 0, 'validation_error'], ['driverRadius', 'far', 'validation_error'],
  ])('%s = %j → 400 %s and the settings unchanged', async (field, value, code) => {
    const { version, settings } = await readSettings();
    const res = await api('PUT', '/settings', { token: await idToken(DEMO.admin), body: { version, settings: { ...settings, [field]: value } } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(await readSettings()).toEqual(before);
  });
});

describe('a route without distance is an error (spec §5)', () => {
  let rider: TestRider;
  const here = { lat: -33.4489, lng: -70.6693, add: 'Plaza de Armas' };
  beforeAll(async () => { rider = await newRider(); });

  it('an estimate whose pickup is its drop → 422 no_route_found', async () => {
    const res = await api('POST', '/bookings/estimate', { token: rider.token, body: { pickup: here, drop: { ...here, add: 'Same place' }, carTypeId: 'economy' } });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe('no_route_found');
  });

  it('a booking whose pickup is its drop → 422 place_to_coords_error, nothing written', async () => {
    const body = await sampleBooking({ pickup: here, drop: { ...here, add: 'Same place' } });
    const res = await api('POST', '/bookings', { token: rider.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe('place_to_coords_error');
    expect((await api('GET', '/bookings', { token: rider.token })).body.items).toEqual([]);
  });
});

describe('free text: control characters are stripped, invisible-only text is refused', () => {
  let rider: TestRider;
  const made: { carTypes: string[]; notifications: string[] } = { carTypes: [], notifications: [] };
  beforeAll(async () => { rider = await newRider(); });
  afterAll(async () => {
    const token = await idToken(DEMO.admin);
    for (const id of made.carTypes) await api('DELETE', `/cartypes/${id}`, { token });
    for (const id of made.notifications) await api('DELETE', `/notifications/${id}`, { token });
  });

  it('a name keeps its text without NUL, BEL or line breaks', async () => {
    const res = await api('PATCH', '/me', { token: rider.token, body: { firstName: 'Bob\u0000\u0007', lastName: 'Rider\nSmith' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Bob', lastName: 'Rider Smith' });
  });

  it.each([['\u200b'], ['\u0000\u0007'], ['\u202e\u200d '], ['\n\t']])('a name of only %j → 400 proper_input_name, unchanged', async (firstName) => {
    const before = (await api('GET', '/me', { token: rider.token })).body;
    const res = await api('PATCH', '/me', { token: rider.token, body: { firstName, lastName: 'Rider' } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('proper_input_name');
    expect((await api('GET', '/me', { token: rider.token })).body).toEqual(before);
  });

  it('a car type name of invisible and control characters only → 400 validation_error; one with some is stored clean', async () => {
    const token = await idToken(DEMO.admin);
    const bad = await api('POST', '/cartypes', { token, body: { ...sampleCarType(), name: '\u200b\u0007' } });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body.error.code).toBe('validation_error');
    const name = sampleCarType().name;
    const ok = await api('POST', '/cartypes', { token, body: { ...sampleCarType(), name: `${name}\u0000`, parcelTypes: [{ description: 'Box\u0007', amount: 2 }] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    made.carTypes.push(ok.body.id);
    expect(ok.body).toMatchObject({ name, parcelTypes: [{ description: 'Box', amount: 2 }] });
  });

  it('a notification keeps the line breaks of its body, never a control character; an invisible title is refused', async () => {
    const token = await idToken(DEMO.admin);
    const bad = await api('POST', '/notifications', { token, body: sampleNotification({ title: '\u0000\u200b' }) });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    const ok = await api('POST', '/notifications', { token, body: sampleNotification({ title: 'Hello\u0007', body: 'Line one\r\nLine two\u0000' }) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    made.notifications.push(ok.body.id);
    expect(ok.body).toMatchObject({ title: 'Hello', body: 'Line one\nLine two' });
  });

  it('chat stores no NUL or BEL, keeps line breaks, and refuses a message of nothing visible', async () => {
    const { booking } = await acceptedTrip(rider);
    const sent = await api('POST', `/bookings/${booking.id}/chat`, { token: rider.token, body: { message: 'hi\u0000\u0007\nthere' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message).toBe('hi\nthere');
    const empty = await api('POST', `/bookings/${booking.id}/chat`, { token: rider.token, body: { message: '\u0000\u0007\u200b' } });
    expect(empty.status, JSON.stringify(empty.body)).toBe(400);
    const chat = await api('GET', `/bookings/${booking.id}/chat`, { token: rider.token });
    expect(chat.body.items.map((m: { message: string }) => m.message)).toEqual(['hi\nthere']);
  });
});
