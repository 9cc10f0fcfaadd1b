import type { LocalCloud } from '../../infra/local/cloud';
import type { Role } from '../../shared/src/contract/route';
import { routes, type OperationId } from '../../shared/src/contract/routes';
import { api, DEMO, idToken, useEndpoints } from '../../tests/integration/support/endpoints';
import { destructive, needsSetup, refusedByRule, sampleRequests } from '../../tests/integration/support/sample-requests';
import { ddbHeaders, summarize, type Answer, type Row } from './report';
import { tripStepsBench } from './trips';
import { uploadSteps, type Send } from './upload-steps';

/** The role a sample is sent as: the first allowed one the rules do not turn away. */
const PREFERENCE: Role[] = ['rider', 'driver', 'admin', 'fleetadmin'];

/**
 * Round trips, DynamoDB calls and the time inside and outside DynamoDB of every operation of the
 * contract, each sent `repeats` times with the authorization matrix's sample request (a fresh one
 * each time: a fresh booking to cancel, a fresh car type to delete…). A sample the rules answer
 * with a 4xx (a trip step on a booking nobody holds) is measured on success by one whole trip
 * instead; what no sample or trip reaches is listed as not measured on success.
 */
export async function everyOperationBench(cloud: LocalCloud, password: string, repeats: number, t: { admin: string; driver: string; rider: string; riderId: string; driverId: string }): Promise<Row[]> {
  useEndpoints({
    apiUrl: cloud.apiUrl, wsUrl: cloud.wsUrl, cognitoEndpoint: cloud.cognitoDirectEndpoint, region: cloud.region,
    userPoolId: cloud.userPoolId, userPoolClientId: cloud.userPoolClientId, siteUrl: cloud.url, password,
    tableName: cloud.tableName, dynamoEndpoint: process.env.DYNAMODB_ENDPOINT, gatewaySecret: process.env.TEST_GATEWAY_SECRET,
  });
  const tokens = {} as Record<Role, string>;
  for (const r of PREFERENCE) tokens[r] = await idToken(DEMO[r]);

  const measured = new Map<string, { role: string; answers: Answer[]; note?: string }>();
  for (const r of routes) {
    const op = r.operationId as OperationId;
    const allowed = r.auth === 'public' ? [] : PREFERENCE.filter((role) => (r.auth as readonly Role[]).includes(role));
    const role = r.auth === 'public' ? undefined : (allowed.find((x) => !refusedByRule[op]?.[x]) ?? allowed[0]);
    let token = role ? tokens[role] : undefined;
    const answers: Answer[] = [];
    // A route added to the contract before its sample request: listed below as not measured.
    if (!sampleRequests[op]) continue;
    for (let i = 0; i < repeats; i++) {
      if (destructive.has(op)) {
        // Deleting an account: a fresh driver of the admin's, signed in as itself.
        const n = `${Date.now().toString(36)}${i}`;
        const added = await api('POST', '/users', { token: tokens.admin, body: { usertype: 'driver', firstName: 'Bench', lastName: n, email: `bench-delete-${n}@example.com`, mobile: `+1777${String(Date.now()).slice(-7)}${i % 10}`, password: 'Delete1234', carType: 'Economy' } });
        if (added.status !== 201) throw new Error(`could not add a driver to delete: ${added.status} ${JSON.stringify(added.body)}`);
        token = await idToken(`bench-delete-${n}@example.com`, 'Delete1234');
      }
      const sample = await sampleRequests[op]();
      const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}) };
      let body: string | undefined;
      if (sample.rawBody !== undefined) body = sample.rawBody;
      else if (sample.body !== undefined) body = JSON.stringify(sample.body);
      if (body !== undefined) headers['content-type'] = 'application/json';
      Object.assign(headers, sample.headers);
      const started = performance.now();
      const res = await fetch(`${cloud.apiUrl}${sample.path}`, { method: r.method, headers, body, redirect: 'manual' });
      const text = await res.text();
      answers.push({ status: res.status, body: text, ms: performance.now() - started, ...ddbHeaders(res.headers) });
    }
    const refused = answers.some((a) => a.status >= 400);
    const note = !refused ? undefined
      : needsSetup.has(op) ? 'needs an upload first'
        : role && refusedByRule[op]?.[role] ? 'refused by rule on the sample booking'
          : answers.find((a) => a.status >= 400)!.body.slice(0, 80);
    measured.set(op, { role: role ?? 'anonymous', answers, note });
  }

  // The trip steps on success: two whole trips, accept to COMPLETE (one paid in cash, one from the wallet).
  const onTrip = new Map<string, { step: string; n: number } & ReturnType<typeof summarize>>((await tripStepsBench(cloud, t, 2)).map((s) => [s.operationId, s]));
  // The driver's other steps on bookings actually offered to them: decline one, accept another,
  // arrive, ask for a pickup photo upload and release it.
  const send: Send = async (token, method, path, body) => {
    const started = performance.now();
    const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' };
    const res = await fetch(`${cloud.apiUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: any = text;
    try { parsed = JSON.parse(text); } catch { /* keep text */ }
    return { status: res.status, body: parsed, ms: performance.now() - started, ...ddbHeaders(res.headers) };
  };
  const offered = async (): Promise<string | undefined> => {
    const booked = await send(t.admin, 'POST', '/bookings', {
      pickup: { lat: 59.3293, lng: 18.0686, add: 'Bench pickup' }, drop: { lat: 59.3493, lng: 18.0686, add: 'Two km north' }, carTypeId: 'economy', bookLater: false, riderId: t.riderId,
      instructionData: { deliveryPerson: 'Pat', deliveryPersonPhone: '555 123 4567' },
    });
    if (booked.status !== 201) return undefined;
    for (let i = 0; i < 50; i++) {
      const offers = await send(t.driver, 'GET', '/drivers/me/offers');
      if ((offers.body?.items as { bookingId: string }[] | undefined)?.some((o) => o.bookingId === booked.body.id)) return booked.body.id as string;
      await new Promise((r) => setTimeout(r, 100));
    }
    return undefined;
  };
  const other = (step: string, a: Answer) => { if (a.status < 300) onTrip.set(step.split(' ')[0]!, { step, n: 1, ...summarize([a]) }); };
  await send(t.driver, 'POST', '/drivers/me/location', { lat: 59.3293, lng: 18.0686 });
  const declined = await offered();
  if (declined) {
    other('declineBooking (an offer)', await send(t.driver, 'POST', `/bookings/${declined}/decline`, {}));
    await send(t.admin, 'POST', `/bookings/${declined}/cancel`, { reason: 'bench' });
  }
  const held = await offered();
  if (held && (await send(t.driver, 'POST', `/bookings/${held}/accept`, {})).status === 200) {
    // A pickup photo is taken once the driver is there.
    await send(t.driver, 'POST', `/bookings/${held}/arrive`, {});
    const sample = sampleRequests.createTripPhotoUploadUrl ? await sampleRequests.createTripPhotoUploadUrl() : undefined;
    if (sample) other('createTripPhotoUploadUrl (arrived trip)', await send(t.driver, 'POST', sample.path.replace(/^\/bookings\/[^/]+\//, `/bookings/${held}/`), sample.body));
    for (const [step, answer] of await uploadSteps(send, t, held)) other(step, answer);
    other('releaseBooking (arrived trip)', await send(t.driver, 'POST', `/bookings/${held}/release`, {}));
    await send(t.admin, 'POST', `/bookings/${held}/cancel`, { reason: 'bench' });
  } else {
    for (const [step, answer] of await uploadSteps(send, t)) other(step, answer);
  }

  const rows: Row[] = [];
  for (const r of routes) {
    const m = measured.get(r.operationId);
    const label = `${r.operationId} (${r.method} ${r.path})`;
    const trip = onTrip.get(r.operationId);
    if (m && m.note && trip) {
      const { step, n, ...numbers } = trip;
      rows.push({ area: 'round trips', measurement: label, size: `as the trip's caller, in the right state (after an upload where one is needed), n=${n}`, ...numbers, p99: undefined, value: `2xx (${step})` });
    } else if (m) {
      const statuses = [...new Set(m.answers.map((a) => a.status))].join('/');
      rows.push({
        area: 'round trips', measurement: label, size: `as ${m.role}, n=${m.answers.length}`, ...summarize(m.answers), p99: undefined,
        value: m.note ? `${statuses}: not measured on success (${m.note})` : statuses,
      });
    }
  }
  // Every route of the contract has its row, or says it was not measured.
  for (const r of routes) {
    if (!measured.has(r.operationId)) rows.push({ area: 'round trips', measurement: `${r.operationId} (${r.method} ${r.path})`, value: 'not measured (no sample request)' });
  }
  return rows;
}
