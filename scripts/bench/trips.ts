import WebSocket from 'ws';
import type { LocalCloud } from '../../infra/local/cloud';
import { ddbHeaders, summarize, type Answer } from './report';

interface Tokens { admin: string; driver: string; rider: string; riderId: string; driverId: string }

/** Far from the other benchmarks' drivers, so dispatch offers every trip to the bench's driver. */
const AT = { lat: 59.3293, lng: 18.0686 };
const DROP = { lat: 59.3493, lng: 18.0686, add: 'Two km north' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function caller(cloud: LocalCloud) {
  return async (token: string, method: string, path: string, body?: unknown): Promise<Answer> => {
    const started = performance.now();
    const res = await fetch(`${cloud.apiUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return {
      status: res.status, body: text ? JSON.parse(text) : undefined, ms: performance.now() - started, ...ddbHeaders(res.headers),
    };
  };
}

async function bookAndAccept(call: ReturnType<typeof caller>, t: Tokens): Promise<{ id: string; otp?: number; accept: Answer }> {
  await call(t.driver, 'POST', '/drivers/me/location', AT);
  const booked = await call(t.admin, 'POST', '/bookings', {
    pickup: { ...AT, add: 'Bench pickup' }, drop: DROP, carTypeId: 'economy', bookLater: false, riderId: t.riderId,
    instructionData: { deliveryPerson: 'Pat', deliveryPersonPhone: '555 123 4567' },
  });
  if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
  const accept = await call(t.driver, 'POST', `/bookings/${booked.body.id}/accept`, {});
  if (accept.status !== 200) throw new Error(`accept: ${accept.status} ${JSON.stringify(accept.body)}`);
  return { id: booked.body.id, otp: booked.body.otp, accept };
}

/**
 * Round trips and latency of every lifecycle step over `trips` whole trips (accept to COMPLETE;
 * every other one paid from the rider's wallet instead of in cash):
 * x-ddb-round-trips counts sequential waves of DynamoDB calls, x-ddb-calls all of them, x-ddb-ms
 * the time inside DynamoDB. Each step is named by its operationId first.
 */
export async function tripStepsBench(cloud: LocalCloud, t: Tokens, trips: number) {
  const call = caller(cloud);
  await call(t.driver, 'POST', '/drivers/me/location', AT);
  await call(t.driver, 'PUT', '/drivers/me/availability', { online: true });
  const steps = new Map<string, Answer[]>();
  const keep = (name: string, a: Answer) => {
    if (a.status >= 300) throw new Error(`${name}: ${a.status} ${JSON.stringify(a.body)}`);
    steps.set(name, [...(steps.get(name) ?? []), a]);
  };
  for (let i = 0; i < trips; i++) {
    const { id, otp, accept } = await bookAndAccept(call, t);
    keep('acceptBooking', accept);
    keep('arriveBooking', await call(t.driver, 'POST', `/bookings/${id}/arrive`, {}));
    keep('startTrip', await call(t.driver, 'POST', `/bookings/${id}/start`, otp !== undefined ? { otp: String(otp) } : {}));
    keep('updateDriverLocation (ping on a trip)', await call(t.driver, 'POST', '/drivers/me/location', { lat: AT.lat + 0.01, lng: AT.lng }));
    keep('fetchTracking (rider)', await call(t.rider, 'GET', `/bookings/${id}/tracking`));
    keep('sendChatMessage', await call(t.rider, 'POST', `/bookings/${id}/chat`, { message: 'bench' }));
    keep('reachBooking', await call(t.driver, 'POST', `/bookings/${id}/reach`, {}));
    if (i % 2 === 0) keep('settleBooking (cash → PAID)', await call(t.driver, 'POST', `/bookings/${id}/settle`, { method: 'cash' }));
    else {
      // Every other trip the rider pays from the wallet at the drop, credited first.
      await call(t.admin, 'POST', `/wallets/${t.riderId}/credits`, { amount: '200.00' });
      keep('payBooking (wallet at the drop → PAID)', await call(t.rider, 'POST', `/bookings/${id}/pay`, { method: 'wallet' }));
    }
    keep('completeBooking (rating)', await call(t.rider, 'POST', `/bookings/${id}/complete`, { rating: 5 }));
    keep('fetchWallet (driver)', await call(t.driver, 'GET', '/me/wallet?limit=25'));
  }
  return [...steps].map(([step, answers]) => ({ step, operationId: step.split(' ')[0]!, n: answers.length, ...summarize(answers) }));
}

/**
 * From a driver's ping (the request leaving) to the rider's WebSocket receiving the point on
 * `tracking/<id>`, over `pings` pings of one trip.
 */
export async function pingToRiderBench(cloud: LocalCloud, t: Tokens, pings: number) {
  const call = caller(cloud);
  const { id } = await bookAndAccept(call, t);
  const ws = new WebSocket(`${cloud.wsUrl}?token=${encodeURIComponent(t.rider)}`);
  await new Promise((r, j) => { ws.once('open', r); ws.once('error', j); });
  const arrived = new Map<string, number>();
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    if (m.type === 'event' && m.topic === `tracking/${id}` && m.data) arrived.set(Number(m.data.lat).toFixed(6), performance.now());
  });
  const subscribed = new Promise((r) => ws.on('message', (d) => { if (JSON.parse(d.toString()).type === 'subscribed') r(undefined); }));
  ws.send(JSON.stringify({ action: 'subscribe', topic: `tracking/${id}` }));
  await subscribed;
  const latencies: number[] = [];
  for (let i = 0; i < pings; i++) {
    const lat = AT.lat + 0.0001 * (i + 1);
    const sent = performance.now();
    await call(t.driver, 'POST', '/drivers/me/location', { lat, lng: AT.lng });
    const key = lat.toFixed(6);
    const deadline = Date.now() + 5000;
    while (!arrived.has(key) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    if (arrived.has(key)) latencies.push(arrived.get(key)! - sent);
    await new Promise((r) => setTimeout(r, 50));
  }
  ws.close();
  await call(t.admin, 'POST', `/bookings/${id}/cancel`, { reason: 'bench' });
  latencies.sort((a, b) => a - b);
  return { pings, delivered: latencies.length, 'p50 ms': Math.round(percentile(latencies, 0.5)), 'p99 ms': Math.round(percentile(latencies, 0.99)), 'max ms': Math.round(latencies[latencies.length - 1] ?? 0) };
}
