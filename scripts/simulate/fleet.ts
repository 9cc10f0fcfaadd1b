import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import WebSocket from 'ws';
import { createTripPlayer, type PlayerDriver } from './trip-player';

/**
 * Simulated drivers: real driver accounts (made through the API by an admin) that sign in, go
 * online near a place and ping their location every few seconds while driving a random walk, and
 * (unless `playTrips` is false) take the offers they get and drive whole trips to PAID.
 * Endpoint-driven: it talks to a running platform (the local cloud, or a deployment) like the
 * driver app would.
 */
export interface FleetOptions {
  /** Site origin, e.g. http://localhost:3000: /config.json tells where the API and Cognito are. */
  siteUrl: string;
  drivers: number;
  /** A place name (searched like the booking form does) or 'lat,lng'. */
  near: string;
  adminEmail?: string;
  adminPassword: string;
  /** Password of the simulated accounts (made on first use, reused after). */
  driverPassword?: string;
  pingEverySeconds?: number;
  /** Spread of the start points around the place, km. */
  spreadKm?: number;
  /** Accept offers and drive the trips (default true); false keeps the drivers idle. */
  playTrips?: boolean;
  /** Metres per second on a trip (default 15, a brisk city drive). */
  tripSpeedMps?: number;
  /** Seconds a driver thinks before taking an offer (default 2 to 5). */
  thinkSeconds?: [number, number];
  onProgress?: (p: FleetProgress) => void;
  onTripEvent?: (e: string) => void;
}

export interface FleetProgress {
  online: number;
  target: number;
  pings: number;
  errors: number;
  p50: number;
  p99: number;
  /** Drivers on a trip right now, and trips driven to the end. */
  onTrip: number;
  tripsDone: number;
  lastError?: string;
}

interface Config { apiUrl: string; wsUrl?: string; cognitoEndpoint?: string; region: string; userPoolClientId: string }
type SimDriver = PlayerDriver;

const slug = (s: string) => s.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 24) || 'place';

export async function startFleet(opts: FleetOptions) {
  const config = (await (await fetch(`${opts.siteUrl}/config.json`)).json()) as Config;
  const apiUrl = config.apiUrl.startsWith('/') ? `${opts.siteUrl}${config.apiUrl}` : config.apiUrl;
  const wsUrl = config.wsUrl?.startsWith('/') ? `${opts.siteUrl.replace(/^http/, 'ws')}${config.wsUrl}` : config.wsUrl;
  const cognitoEndpoint = config.cognitoEndpoint?.startsWith('/') ? `${opts.siteUrl}${config.cognitoEndpoint}` : config.cognitoEndpoint;
  const cognito = new CognitoIdentityProviderClient({
    region: config.region, endpoint: cognitoEndpoint || undefined, credentials: { accessKeyId: 'sim', secretAccessKey: 'sim' },
  });
  const signIn = async (email: string, password: string) => {
    const out = await cognito.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
    const token = out.AuthenticationResult?.IdToken;
    if (!token) throw new Error(`could not sign in ${email}`);
    return token;
  };
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  let admin = await signIn(opts.adminEmail ?? 'admin@example.com', opts.adminPassword);
  // ID tokens last an hour: the admin's (used to read trip codes) is renewed well before.
  const adminRenewal = setInterval(() => {
    signIn(opts.adminEmail ?? 'admin@example.com', opts.adminPassword).then((t) => { admin = t; }).catch(() => undefined);
  }, 30 * 60_000);
  const center = await resolvePlace(opts.near, (path, body) => call(admin, 'POST', path, body));
  const carTypes = ((await call(admin, 'GET', '/cartypes')).body?.items ?? []) as { name: string }[];
  if (!carTypes.length) throw new Error('no car types: seed the platform first');
  const password = opts.driverPassword ?? 'Simulate123';
  const spread = opts.spreadKm ?? 4;
  const stem = slug(opts.near);

  const progress: FleetProgress = { online: 0, target: opts.drivers, pings: 0, errors: 0, p50: 0, p99: 0, onTrip: 0, tripsDone: 0 };
  const latencies: number[] = [];
  const report = () => {
    progress.onTrip = drivers.filter((d) => d.trip).length;
    const sorted = [...latencies].sort((a, b) => a - b);
    progress.p50 = sorted[Math.floor(sorted.length * 0.5)] ?? 0;
    progress.p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
    opts.onProgress?.({ ...progress });
  };
  const fail = (e: unknown) => { progress.errors += 1; progress.lastError = (e as Error).message ?? String(e); };

  const playTrips = opts.playTrips !== false;
  let stopped = false;
  const player = createTripPlayer({
    call: async (token, method, path, body) => {
      const res = await call(token, method, path, body);
      // A token expired or its session ended (the admin signed out on another device): sign in again once.
      if (res.status !== 401) return res;
      if (token === admin) {
        admin = await signIn(opts.adminEmail ?? 'admin@example.com', opts.adminPassword);
        return call(admin, method, path, body);
      }
      const d = drivers.find((x) => x.token === token);
      if (!d) return res;
      d.token = await signIn(d.email, password);
      return call(d.token, method, path, body);
    },
    adminToken: () => admin,
    speedMps: opts.tripSpeedMps ?? 15,
    thinkMs: [(opts.thinkSeconds?.[0] ?? 2) * 1000, (opts.thinkSeconds?.[1] ?? 5) * 1000],
    photos: true,
    onEvent: (e) => opts.onTripEvent?.(e),
  });

  // Accounts: made once by the admin, reused by later runs; then each driver signs in and goes online.
  const drivers: SimDriver[] = [];
  const prepare = async (i: number) => {
    const email = `sim-${stem}-${i}@example.com`;
    let token: string;
    try {
      token = await signIn(email, password);
    } catch {
      const added = await call(admin, 'POST', '/users', {
        usertype: 'driver', firstName: 'Sim', lastName: `Driver ${i}`, email, password,
        mobile: `+1999${String(Math.abs(hash(email))).padStart(7, '0').slice(-7)}`,
        carType: carTypes[i % carTypes.length]!.name, vehicleMake: 'Simulated', vehicleModel: 'Car', vehicleNumber: `SIM-${i}`,
      });
      if (added.status !== 201 && added.status !== 409) throw new Error(`could not add ${email}: ${added.status} ${JSON.stringify(added.body)}`);
      token = await signIn(email, password);
    }
    const angle = Math.random() * 2 * Math.PI;
    const r = Math.sqrt(Math.random()) * spread;
    const d: SimDriver = {
      email, token,
      lat: center.lat + (r / 111.32) * Math.cos(angle),
      lng: center.lng + (r / (111.32 * Math.cos((center.lat * Math.PI) / 180))) * Math.sin(angle),
      heading: Math.random() * 360,
    };
    await ping(d);
    const on = await call(d.token, 'PUT', '/drivers/me/availability', { online: true });
    if (on.status !== 200) throw new Error(`${email} could not go online: ${on.status}`);
    if (playTrips) await player.resume(d);
    if (playTrips) listen(d);
    drivers.push(d);
    progress.online = drivers.length;
    report();
  };

  // Offers arrive as the driver app gets them, on the driver's `offers/<uid>` topic, so a driver
  // answers at once however seldom it pings; the check after each ping only catches a missed event.
  const sockets = new Set<WebSocket>();
  const listen = (d: SimDriver) => {
    if (!wsUrl || stopped) return;
    const uid = JSON.parse(Buffer.from(d.token.split('.')[1] ?? '', 'base64url').toString()).sub as string;
    const ws = new WebSocket(`${wsUrl}?token=${encodeURIComponent(d.token)}`);
    sockets.add(ws);
    ws.on('open', () => ws.send(JSON.stringify({ action: 'subscribe', topic: `offers/${uid}` })));
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type?: string; topic?: string; change?: string };
      if (m.type === 'event' && m.topic === `offers/${uid}` && m.change !== 'REMOVE' && !d.trip) player.consider(d).catch(fail);
    });
    ws.on('error', () => undefined);
    // A dropped socket (a restart, an ended session) comes back with the driver's current token.
    ws.on('close', () => { sockets.delete(ws); if (!stopped) setTimeout(() => listen(d), 2000); });
  };

  const ping = async (d: SimDriver) => {
    const started = performance.now();
    let res = await call(d.token, 'POST', '/drivers/me/location', { lat: d.lat, lng: d.lng, heading: ((d.heading % 360) + 360) % 360, speed: 8 });
    if (res.status === 401) {
      d.token = await signIn(d.email, password);
      res = await call(d.token, 'POST', '/drivers/me/location', { lat: d.lat, lng: d.lng, heading: ((d.heading % 360) + 360) % 360, speed: 8 });
    }
    latencies.push(performance.now() - started);
    if (latencies.length > 5000) latencies.splice(0, latencies.length - 5000);
    progress.pings += 1;
    if (res.status !== 200) throw new Error(`ping ${res.status}`);
  };

  // A few at a time: account creation is the slow part of a first run.
  for (let i = 0; i < opts.drivers; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, opts.drivers - i) }, (_, k) => prepare(i + k).catch(fail)));
  }

  const every = (opts.pingEverySeconds ?? 4) * 1000;
  // On a trip a driver reports more often, so the rider's map moves smoothly; each driver's timer
  // runs at that pace and reports only when due, so a trip taken by WebSocket starts moving at once.
  const onTripEvery = Math.min(every, 2000);
  const lastPing = new Map<SimDriver, number>();
  // Each driver pings on its own phase so the load is spread over the interval.
  const timers = drivers.map((d, i) => setTimeout(function tick() {
    if (stopped) return;
    if (!d.trip && Date.now() - (lastPing.get(d) ?? 0) < every) {
      timers[i] = setTimeout(tick, onTripEvery);
      return;
    }
    lastPing.set(d, Date.now());
    const move = d.trip
      ? player.advance(d, ((opts.tripSpeedMps ?? 15) * onTripEvery) / 1000).then((r) => { if (r === 'done') progress.tripsDone += 1; })
      : Promise.resolve(step(d, center, spread));
    move
      .then(() => ping(d))
      .then(() => { if (playTrips && !d.trip) player.consider(d).catch(fail); })
      .catch(fail)
      .finally(() => { if (!stopped) timers[i] = setTimeout(tick, onTripEvery); });
  }, Math.random() * every));
  const reporter = setInterval(report, 1000);

  return {
    drivers: () => drivers.map((d) => ({ email: d.email, lat: d.lat, lng: d.lng })),
    progress: () => ({ ...progress }),
    /** Forget the latencies so far (sign-in and the first pings), to measure a steady state. */
    resetStats: () => { latencies.length = 0; progress.errors = 0; report(); },
    /** Stops pinging; `goOffline` (default) also takes every driver offline, which needs the platform still up. */
    async stop(opts: { goOffline?: boolean } = {}) {
      stopped = true;
      clearInterval(reporter);
      clearInterval(adminRenewal);
      for (const t of timers) clearTimeout(t);
      for (const ws of sockets) ws.close();
      if (opts.goOffline !== false) {
        await Promise.all(drivers.map((d) => call(d.token, 'PUT', '/drivers/me/availability', { online: false }).catch(() => undefined)));
      }
      cognito.destroy();
    },
  };
}

/** About 8 m/s (30 km/h) in a slowly turning direction, pulled back when it strays too far. */
function step(d: SimDriver, center: { lat: number; lng: number }, spreadKm: number) {
  d.heading = (d.heading + (Math.random() - 0.5) * 60 + 360) % 360;
  const awayKm = Math.hypot((d.lat - center.lat) * 111.32, (d.lng - center.lng) * 111.32 * Math.cos((center.lat * Math.PI) / 180));
  if (awayKm > spreadKm * 1.5) d.heading = (Math.atan2(center.lng - d.lng, center.lat - d.lat) * 180) / Math.PI;
  const km = 0.032;
  const rad = (d.heading * Math.PI) / 180;
  d.lat += (km / 111.32) * Math.cos(rad);
  d.lng += (km / (111.32 * Math.cos((d.lat * Math.PI) / 180))) * Math.sin(rad);
}

async function resolvePlace(near: string, post: (path: string, body: unknown) => Promise<{ status: number; body: any }>) {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(near);
  if (m) return { lat: Number(m[1]), lng: Number(m[2]) };
  const res = await post('/geo/autocomplete', { searchKeyword: near });
  const first = res.body?.searchResults?.[0];
  if (res.status !== 200 || !first) throw new Error(`no place found for "${near}"`);
  if (first.coords) return first.coords as { lat: number; lng: number };
  const place = await post('/geo/coords', { place_id: first.place_id });
  if (place.status !== 200) throw new Error(`no coordinates for "${near}"`);
  return place.body.coords as { lat: number; lng: number };
}

function hash(s: string): number {
  let h = 0;
  for (const c of s) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}
