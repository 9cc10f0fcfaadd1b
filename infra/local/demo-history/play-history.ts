import type { Key } from '../../../lambdas/src/adapters/dynamodb/repository';
import { keys } from '../../../lambdas/src/adapters/dynamodb/keys';
import { loaded, preload } from '../../../lambdas/src/adapters/dynamodb/preloads';
import { table } from '../../../lambdas/src/adapters/dynamodb/repository';
import { loadRequestContext } from '../../../lambdas/src/adapters/dynamodb/request-context-repository';
import * as live from '../../../lambdas/src/composition-root';
import type { Job, JobQueue } from '../../../lambdas/src/ports/jobs';
import type { AppSettings } from '../../../lambdas/src/ports/settings';
import type { ProfileItem } from '../../../lambdas/src/ports/users';
import { acceptBooking } from '../../../lambdas/src/use-cases/accept-booking';
import { addBooking } from '../../../lambdas/src/use-cases/add-booking';
import { addPromo } from '../../../lambdas/src/use-cases/add-promo';
import { admitCaller, type Account } from '../../../lambdas/src/use-cases/admit-caller';
import { applyPromo } from '../../../lambdas/src/use-cases/apply-promo';
import { arriveBooking } from '../../../lambdas/src/use-cases/arrive-booking';
import { cancelBooking } from '../../../lambdas/src/use-cases/cancel-booking';
import { completeBooking } from '../../../lambdas/src/use-cases/complete-booking';
import { completeWithdraw } from '../../../lambdas/src/use-cases/complete-withdraw';
import { confirmPayment } from '../../../lambdas/src/use-cases/confirm-payment';
import { createUserAccount, type NewAccount } from '../../../lambdas/src/use-cases/create-user-account';
import { declineBooking } from '../../../lambdas/src/use-cases/decline-booking';
import { setDriverAvailability, updateDriverLocation } from '../../../lambdas/src/use-cases/driver-presence';
import { payBooking } from '../../../lambdas/src/use-cases/pay-booking';
import { reachBooking } from '../../../lambdas/src/use-cases/reach-booking';
import { releaseBooking } from '../../../lambdas/src/use-cases/release-booking';
import { requestWithdraw } from '../../../lambdas/src/use-cases/request-withdraw';
import { giveUpBooking, runDispatchRound } from '../../../lambdas/src/use-cases/run-dispatch-round';
import { settleBooking } from '../../../lambdas/src/use-cases/settle-booking';
import { startCheckout } from '../../../lambdas/src/use-cases/start-checkout';
import { startTrip } from '../../../lambdas/src/use-cases/start-trip';
import { decideGatewayPayment, takeGatewayPayment } from '../../../lambdas/src/use-cases/test-gateway-payments';
import * as bookingsContract from '../../../shared/src/contract/bookings';
import * as paymentsContract from '../../../shared/src/contract/payments';
import * as promosContract from '../../../shared/src/contract/promos';
import * as withdrawsContract from '../../../shared/src/contract/withdraws';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { DomainError } from '../../../shared/src/domain/errors';
import { withCorrelationId } from '../../../lambdas/src/observability/correlation';
import type { Role } from '../../../shared/src/contract/route';
import { DEMO_TIME_ZONE, demoPlaces, historyDrivers, historyRiders, recipients, type DemoPlace } from './demo-city';
import { seededRandom, type SeededRandom } from './seeded-random';
import { zonedParts, zonedTime } from './zoned-time';

/**
 * The demo's past, played on first start: about two months of a young operator in San Francisco
 * (a taxi service first, parcels since a few weeks), through the very use cases a request runs,
 * with the platform's clock moved to each moment (the `now` port) and its random source seeded.
 * Nothing is written around them: bookings, dispatch rounds, trips, payments through the test
 * gateway, wallets, promos, cancellations, unserved requests and withdrawals all land as live
 * traffic would leave them, so the dashboard, the reports and the tables read them like any other.
 *
 * It is played in parts a day at a time, so two months need not hold the first start for minutes:
 * `recent` (today and the last hour, with the demo's own riders and drivers) before the platform
 * opens, `older` (the days before, oldest first, with the history's own people) beside live
 * traffic afterwards. Each day runs until its stories end and is then recorded in a marker item,
 * so a restart resumes with the next day and never plays one twice (a day cut short by a stop is
 * skipped, not replayed). Each day has its own seed, so the days are the same whatever the order
 * or the restarts.
 *
 * Timers (dispatch rounds, give-ups) go to an in-memory queue that runs each at its moment on the
 * moved clock. The recent part runs with the stream consumers stopped (`LocalCloud.quietly`);
 * beside live traffic the caller keeps the older part's records from the consumers (`quiet`), so
 * two months of messages are neither pushed nor fanned out. The operator's settings at each moment
 * of the story (the mode, a 3 km radius) are what the history's use cases read, over the stored
 * ones: playing the past never changes what the live platform runs with.
 */
export interface DemoHistoryOptions {
  /** Days of history ending now (default 60). */
  days: number;
  seed: number;
  /** The history ends here (ms), normally the real now. */
  end: number;
  /** Password of the accounts the history adds (the demo password). */
  password: string;
  step?: (m: string) => void;
  /** `recent`: today and the last hour; `older`: the days before, and the payout waiting now; `all` (default): both, in that order. */
  part?: 'recent' | 'older' | 'all';
  /** Stop after this many days of the part (what a restart half way leaves). */
  maxDays?: number;
  /** Bookings on an average weekday of the last week (default 11; a test plays the same shape lighter). */
  perDay?: number;
  /**
   * Told the older part's correlation id (`PAST_CORRELATION_ID`, on every item it writes) before
   * its first write, and every id (person, booking) it plays with: beside live traffic, their stream
   * records are the past's, not news.
   */
  quiet?: (id: string) => void;
  /** After every day played. */
  progress?: (p: DemoHistoryProgress) => void;
}

export interface DemoHistorySummary {
  played: boolean;
  bookings: number;
  paid: number;
  completed: number;
  cancelled: number;
  unserved: number;
  topUps: number;
  withdrawals: number;
  failures: number;
  firstFailure?: string;
  ms: number;
}

export interface DemoHistoryProgress {
  /** Days the whole history has. */
  days: number;
  /** Of them played (or skipped after a stop), in any run. */
  played: number;
  done: boolean;
  /** Bookings the whole history has made so far. */
  bookings: number;
}

/** The correlation id on everything the older part writes (what `quiet` is told first), and the recent part's. */
export const PAST_CORRELATION_ID = 'demo-history-past';
const RECENT_CORRELATION_ID = 'demo-history';
const DAY = 86_400_000;
const MIN = 60_000;

type Actor = { uid: string; role: Role; profile?: ProfileItem };
interface SimDriver extends Actor { carType: string; pos: { lat: number; lng: number }; busy: boolean; startHour: number; shiftHours: number; dayOff: number }

interface Task { at: number; seq: number; resume: () => void }

/** What the marker item keeps: the plan (so a restart plays the same days) and what was played. */
type Marker = {
  status: 'playing' | 'done';
  seed: number;
  days: number;
  end: number;
  /** Parts begun (a part begun is never played again, even if a stop cut it short). */
  started?: number[];
  bookings?: number;
};

/**
 * The parts of a history of `days` days, in the order each part of the play takes them: a day is
 * its index (0 is the oldest), `days` is the last hour (trips and a top-up just before now),
 * `days + 1` the payout a driver asked for just before now (after the older days, whose drivers
 * have earned most).
 */
export function historyParts(days: number): { recent: number[]; older: number[] } {
  if (days <= 0) return { recent: [], older: [] };
  const older = Array.from({ length: days - 1 }, (_, d) => d);
  return days === 1 ? { recent: [0, 1, 2], older: [] } : { recent: [days - 1, days], older: [...older, days + 1] };
}

/**
 * Bookings an average weekday of the history plans (before the weekday and a ±20 % draw): the
 * last week at the operator's present pace, the weeks before growing from a quarter of it to
 * about 60 %, never below two a day, so every day of the dashboard's 30-day chart and of the two report months has trips while
 * two months stay a few hundred bookings.
 */
export function plannedBookings(day: number, days: number, perDay = BOOKINGS_PER_DAY): number {
  // The last week (the last third of a short history) at the present pace.
  const lastWeek = days - Math.min(7, Math.ceil(days / 3));
  if (day >= lastWeek) return perDay;
  return Math.max(2, perDay * (0.25 + 0.35 * (day / Math.max(1, lastWeek - 1))));
}

/** Plays (a part of) the history once per data directory: a marker item says which days were played. */
export async function playDemoHistory(opts: DemoHistoryOptions): Promise<DemoHistorySummary> {
  const began = Date.now();
  const summary: DemoHistorySummary = { played: false, bookings: 0, paid: 0, completed: 0, cancelled: 0, unserved: 0, topUps: 0, withdrawals: 0, failures: 0, ms: 0 };
  if (opts.days <= 0) return summary;
  // Written first, so a start interrupted half way never plays a second history over the first.
  let marker: Marker = { status: 'playing', seed: opts.seed, days: opts.days, end: opts.end, started: [], bookings: 0 };
  try {
    await table.put({ ...keys.demoHistory(), ...marker }, { condition: 'attribute_not_exists(pk)' });
  } catch {
    const stored = await table.get<Marker>(keys.demoHistory(), { consistent: true });
    // A marker without `started` is a history played whole before parts existed.
    if (!stored || stored.status === 'done' || !Array.isArray(stored.started)) return summary;
    marker = { status: stored.status, seed: stored.seed, days: stored.days, end: stored.end, started: stored.started, bookings: stored.bookings ?? 0 };
  }
  const { days, seed, end } = marker;
  const all = historyParts(days);
  const order = opts.part === 'recent' ? all.recent : opts.part === 'older' ? all.older : [...all.recent, ...all.older];
  const todo = order.filter((n) => !marker.started!.includes(n)).slice(0, opts.maxDays ?? Infinity);
  const totalParts = all.recent.length + all.older.length;
  const report = () => opts.progress?.({ days, played: marker.started!.filter((n) => n < days).length, done: marker.status === 'done', bookings: marker.bookings ?? 0 });
  if (!todo.length) { report(); return summary; }
  summary.played = true;
  const step = opts.step ?? (() => undefined);
  const quiet = opts.quiet;
  let rng = seededRandom(seed);

  // ---- the moved clock and its timers ----------------------------------------------------------
  const start = zonedTime(DEMO_TIME_ZONE, ...ymd(end - (days - 1) * DAY), 0, 0);
  const dayStartOf = (day: number) => zonedTime(DEMO_TIME_ZONE, ...ymd(start + day * DAY + 12 * 3_600_000), 0, 0);
  // Accounts and promos the history adds date from its first day.
  const clock = { ms: start };
  let heap: Task[] = [];
  let seq = 0;
  let yielded: (() => void) | undefined;
  const yieldNow = () => { const y = yielded; yielded = undefined; y?.(); };
  const push = (t: Task) => { heap.push(t); siftUp(heap, heap.length - 1); };
  const at = (ms: number) => new Promise<void>((resume) => { push({ at: Math.max(ms, clock.ms), seq: seq++, resume }); yieldNow(); });
  const after = (ms: number) => at(clock.ms + ms);
  const fail = (e: unknown) => {
    summary.failures++;
    summary.firstFailure ??= `${(e as Error).message} at ${new Date(clock.ms).toISOString()}`;
  };
  const spawn = (when: number, story: () => Promise<void>) => push({ at: when, seq: seq++, resume: () => { story().catch(fail).finally(yieldNow); } });

  // ---- the operator: taxi first, parcels since `switchAt`, dispatching within 3 km --------------
  const seeded = await live.settings.getApp();
  if (!seeded) throw new Error('The settings are missing: seed the demo data first');
  // The mode the demo is set to is where the history arrives; it starts in the other one.
  const finalMode = seeded.appMode === 'taxi' ? 'taxi' : 'delivery';
  const firstMode = finalMode === 'taxi' ? 'delivery' : 'taxi';
  const switchAt = dayStartOf(Math.max(1, Math.round(days * 0.55))) + 4 * 60 * MIN;
  const modeAt = (ms: number) => (ms >= switchAt ? finalMode : firstMode);
  // A search queries every geohash cell its radius covers, and DynamoDB Local answers them one at
  // a time: the history's operator dispatches within 3 km (the city is small).
  const operator = <T extends AppSettings | undefined>(s: T): T => (s ? { ...s, appMode: modeAt(clock.ms), driverRadius: Math.min(3, s.driverRadius) } : s);
  const offerMs = dispatchPolicy(seeded).offerSeconds * 1000;

  const jobs: JobQueue = { schedule: async (job: Job, runAt: number) => spawn(Math.max(runAt, clock.ms), () => runJob(job)) };
  /** The drivers of the part being played: dispatch sees no one else (live drivers, the other part's). */
  let drivers: SimDriver[] = [];
  let riders: Actor[] = [];
  /** Whether the part being played tells its ids to `quiet` (the older days). */
  let quietIds = false;
  const sim = {
    ...live, now: () => new Date(clock.ms), random: () => rng.next(), jobs: () => jobs,
    settings: { ...live.settings, getApp: async () => operator(await live.settings.getApp()), getAppConsistent: async () => operator(await live.settings.getAppConsistent()) },
    presence: {
      ...live.presence,
      nearby: async (...args: Parameters<typeof live.presence.nearby>) => {
        const found = await live.presence.nearby(...args);
        const ours = new Set(drivers.map((d) => d.uid));
        return { ...found, drivers: found.drivers.filter((d) => ours.has(d.uid)), seen: found.seen.filter((d) => ours.has(d.uid)) };
      },
    },
  };
  async function runJob(job: Job) {
    if (job.kind === 'dispatch') await runDispatchRound(sim, job.bookingId, job.round);
    else if (job.kind === 'give-up') await giveUpBooking(sim, job.bookingId);
  }
  const gatewayDeps = {
    gatewayPayments: live.gatewayPayments, secrets: live.secrets, testGatewayOn: live.testGatewayOn, now: sim.now,
    notifyMerchant: (provider: string, body: string, headers: Record<string, string>) => confirmPayment(sim, provider, body, headers),
  };

  /** The real admission of a signed-in caller (profile, approval, settings), with the items a handler would preload. */
  const admit = async (who: Actor, extra: (Key | undefined)[] = []): Promise<{ account: Account; extra: (Record<string, unknown> | undefined)[] }> =>
    admitCaller({ loadRequestContext: async (uid, keys) => { const c = await loadRequestContext(uid, keys); return { ...c, settings: operator(c.settings) }; } },
      { uid: who.uid, role: who.role, emailVerified: true, signedInAt: Math.floor(clock.ms / 1000) }, extra);
  const withBooking = async (who: Actor, id: string) => {
    const { account, extra } = await admit(who, [preload.booking(id), who.role === 'driver' ? preload.driverState(who.uid) : undefined]);
    return { account, booking: loaded.booking(extra[0] as never), state: loaded.driverState(extra[1] as never) };
  };

  // ---- the people ------------------------------------------------------------------------------
  const byEmail = async (email: string) => {
    const p = await live.users.getByEmail(email);
    if (!p) throw new Error(`${email} is missing: seed the demo data first`);
    return p;
  };
  const admin: Actor = { uid: (await byEmail('admin@example.com')).id, role: 'admin' };
  const fleet = await byEmail('fleet@example.com');
  const newAccount = async (p: { email: string; firstName: string; lastName: string; mobile: string }, usertype: 'rider' | 'driver', driver?: NewAccount['driver'], fleetadmin?: string) =>
    (await live.users.getByEmail(p.email)) ?? createUserAccount(sim, {
      email: p.email, firstName: p.firstName, lastName: p.lastName, mobile: p.mobile,
      password: opts.password, usertype, approved: true, emailVerified: true, loginType: 'email', createdByAdmin: true, fleetadmin, driver,
    });
  const demoRiders: Actor[] = [await byEmail('rider1@example.com'), await byEmail('rider2@example.com')].map((p) => ({ uid: p.id, role: 'rider' as const }));
  const ridersOf = async (people: typeof historyRiders) => {
    const out: Actor[] = [];
    for (const r of people) out.push({ uid: (await newAccount(r, 'rider')).id, role: 'rider' });
    return out;
  };
  const newDriver = (p: ProfileItem, carType: string): SimDriver => ({
    uid: p.id, role: 'driver', carType, pos: demoPlaces[0]!, busy: false, startHour: 8, shiftHours: 10, dayOff: 0,
  });
  const crewOf = async (people: typeof historyDrivers) => {
    const out: SimDriver[] = [];
    for (const d of people) {
      out.push(newDriver(await newAccount(d, 'driver', {
        carType: d.carType, vehicleMake: d.vehicle[0], vehicleModel: d.vehicle[1], vehicleNumber: `${d.lastName.slice(0, 3).toUpperCase()}${rng.int(100, 999)}`,
      }, d.fleet ? fleet.id : undefined), d.carType));
    }
    return out;
  };
  /**
   * Who plays a part. Today: the demo's riders and drivers, two of the history's riders and one of
   * its drivers. The days before: the history's own riders and the other drivers, whom no demo
   * login is, so nobody signed in sees them move while the platform is in use. Two crews, as a
   * driver's pings keep only the newest position: one driver never plays an older day after a
   * newer one. Accounts are added when a part first needs them (dated the history's first day).
   */
  interface World { riders: Actor[]; crew: SimDriver[] }
  let todayWorld: World | undefined;
  let earlierWorld: World | undefined;
  const worldOf = async (n: number): Promise<World> => {
    clock.ms = start;
    if (all.older.includes(n)) {
      if (!earlierWorld) step('History: adding the riders and drivers of the days before');
      return earlierWorld ??= { riders: await ridersOf(historyRiders), crew: await crewOf(historyDrivers.filter((d) => !d.today)) };
    }
    if (!todayWorld) step('History: adding riders and drivers');
    return todayWorld ??= {
      riders: [...demoRiders, ...await ridersOf(historyRiders.slice(0, 2))],
      crew: [newDriver(await byEmail('driver1@example.com'), 'Economy'), newDriver(await byEmail('driver2@example.com'), 'Van'), ...await crewOf(historyDrivers.filter((d) => d.today))],
    };
  };
  const carTypeIds = Object.fromEntries((await live.carTypes.list()).map((c) => [c.name, c.id]));
  const promoCodes = ['WELCOME10', 'CITY5'];

  // ---- stories -----------------------------------------------------------------------------------
  // Within the first round's reach (a third of the 3 km radius), so the chosen driver is asked at once.
  const driverUp = async (d: SimDriver, near: { lat: number; lng: number }) => {
    d.pos = jitter(rng, near, 0.9);
    await updateDriverLocation(sim, (await admit(d)).account, d.pos);
  };
  const ping = async (d: SimDriver, p: { lat: number; lng: number }) => {
    d.pos = p;
    await updateDriverLocation(sim, (await admit(d)).account, p);
  };
  const inShift = (d: SimDriver, ms: number) => {
    const p = zonedParts(ms, DEMO_TIME_ZONE);
    if (p.weekday === d.dayOff) return false;
    const h = (p.hour - d.startHour + 24) % 24;
    return h < d.shiftHours;
  };
  const free = (carType: string) => drivers.filter((d) => !d.busy && d.carType === carType && inShift(d, clock.ms));

  const balanceOf = async (uid: string) => (await live.users.get(uid, { consistent: true }))?.walletBalance ?? 0;
  async function topUp(rider: Actor, amount: number) {
    const { account } = await admit(rider);
    const body = paymentsContract.checkout.body!.parse({ kind: 'topup', amount, provider: 'stripe' });
    const form = await startCheckout(sim, account, undefined, body);
    await payAtGateway(form.provider, form.fields);
    summary.topUps++;
  }
  async function payAtGateway(provider: string, fields: Record<string, string>) {
    const { location } = await takeGatewayPayment(gatewayDeps, provider, fields as never);
    const id = new URL(location, 'http://gateway').searchParams.get('payment')!;
    await decideGatewayPayment(gatewayDeps, id, 'approve');
  }
  async function cardPay(rider: Actor, bookingId: string) {
    const { account, booking } = await withBooking(rider, bookingId);
    const form = await startCheckout(sim, account, booking, paymentsContract.checkout.body!.parse({ kind: 'booking', bookingId, provider: rng.pick(['stripe', 'paypal']) }));
    await payAtGateway(form.provider, form.fields);
  }
  async function riderCancel(rider: Actor, id: string, reason: string) {
    const { account, booking } = await withBooking(rider, id);
    await cancelBooking(sim, account, booking, { reason });
    summary.cancelled++;
  }

  /**
   * `cancels`: the rider changes their mind once the booking is made (every day has one such story).
   * `served`: a free driver of the car type takes it, on shift or not (the last hour's trips: a
   * first start after midnight, when no shift is on, still finds today's figures).
   */
  async function tripStory(rider: Actor, opts: { cancels?: boolean; served?: boolean } = {}) {
    const mode = modeAt(clock.ms);
    const from = pickPlace(rng);
    let to = pickPlace(rng);
    while (to === from) to = pickPlace(rng);
    const pickup = { ...jitter(rng, from, 0.25), add: from.name };
    const drop = { ...jitter(rng, to, 0.25), add: to.name };
    const carType = mode === 'taxi'
      ? rng.weighted([['Economy', 6], ['Comfort', 3], ['Van', 1]] as const)
      : rng.weighted([['Van', 5], ['Economy', 4], ['Comfort', 1]] as const);
    // Unserved demand: now and then nobody of that car type is near (a late hour, a busy fleet).
    const pool = opts.served ? drivers.filter((d) => !d.busy && d.carType === carType)
      : !opts.cancels && rng.chance(0.07) ? [] : free(carType);
    const chosen = pool.length ? [rng.pick(pool)] : [];
    if (chosen.length && rng.chance(0.3)) {
      const second = pool.find((d) => d !== chosen[0]);
      if (second) chosen.unshift(second); // the first of two offered drivers will decline
    }
    for (const d of chosen) { d.busy = true; await driverUp(d, pickup); }
    const release = () => { for (const d of chosen) d.busy = false; };
    try {
      await after(rng.int(5, 25) * 1000);
      const byAdmin = mode === 'delivery' && rng.chance(0.12);
      const who: Actor = byAdmin ? admin : rider;
      const raw = {
        pickup, drop, carTypeId: carTypeIds[carType], bookLater: false,
        ...(byAdmin ? { riderId: rider.uid } : {}),
        ...(mode === 'delivery' ? {
          instructionData: {
            deliveryPerson: rng.pick(recipients), deliveryPersonPhone: `415-555-${rng.int(1000, 9999)}`,
            ...(rng.chance(0.4) ? { deliveryInstructions: rng.pick(['Leave with the doorman', 'Ring twice', 'Side entrance, blue door', 'Call on arrival']) } : {}),
          },
          // A car type with parcel types and options needs a choice of each: null is "none" (a
          // left-out index is no choice at all, refused with select_proper like the form's).
          ...(carType === 'Van' ? { parcelTypeIndex: rng.int(0, 2), optionIndex: rng.chance(0.25) ? rng.int(0, 1) : null } : {}),
        } : {}),
      };
      const body = bookingsContract.addBooking.body!.parse(raw);
      const { account, extra } = await admit(who, [preload.carType(body.carTypeId!), byAdmin ? preload.profile(rider.uid) : undefined]);
      let view;
      try {
        view = await addBooking(sim, account, { body, carType: loaded.carType(extra[0] as never), rider: loaded.profile(extra[1] as never) });
      } catch (e) {
        if (e instanceof DomainError && e.code === 'no_driver_found_alert_messege') { summary.unserved++; return; }
        throw e;
      }
      summary.bookings++;
      const id = view.id;
      if (quietIds) quiet?.(id);

      if (view.status === 'PAYMENT_PENDING') {
        await after(rng.int(15, 35) * 1000);
        if (opts.cancels || rng.chance(0.06)) { await riderCancel(rider, id, 'Booked by mistake'); return; }
        if (rng.chance(0.15)) {
          const { account: a, booking } = await withBooking(rider, id);
          await applyPromo(sim, a, booking, { code: rng.pick(promoCodes) }).catch(() => undefined);
        }
        await cardPay(rider, id); // the provider's confirmation makes it NEW and starts dispatch at once
      }
      if (!chosen.length) return;
      if (opts.cancels || rng.chance(0.06)) {
        await after(rng.int(8, 14) * 1000);
        await riderCancel(rider, id, rng.pick(['Changed my mind', 'Found another ride', 'Booked by mistake']));
        return;
      }
      // Offers last 30 s by default: both answers come well within that.
      if (chosen.length === 2) {
        await after(rng.int(3, 6) * 1000);
        const { account: a, booking } = await withBooking(chosen[0]!, id);
        // A nearer idle driver may have filled the first round: whoever was not asked has nothing to decline.
        if (booking?.requestedDrivers?.[chosen[0]!.uid]) await declineBooking(sim, a, booking);
        chosen[0]!.busy = false;
      }
      let driver = chosen[chosen.length - 1]!;
      await after(rng.int(3, 8) * 1000);
      if (!(await offered(driver, id))) return;
      await accept(driver, id);

      // Now and then the driver gives the trip up before pickup; dispatch finds someone else.
      if (rng.chance(0.04)) {
        await after(rng.int(1, 3) * MIN);
        const other = free(carType)[0];
        if (other) { other.busy = true; await driverUp(other, pickup); }
        const { account: a, booking } = await withBooking(driver, id);
        await releaseBooking(sim, a, booking);
        driver.busy = false;
        if (!other) return; // the rounds run out and the system cancels: unserved
        await after(rng.int(5, 12) * 1000);
        driver = other;
        chosen.push(other);
        if (!(await offered(driver, id))) return;
        await accept(driver, id);
      }
      if (rng.chance(0.05)) {
        await after(rng.int(2, 6) * MIN);
        await riderCancel(rider, id, rng.pick(['Driver is taking too long', 'Changed my mind', 'Other']));
        return;
      }

      // To the pickup, the trip, the drop.
      await after(rng.int(3, 9) * MIN);
      await ping(driver, pickup);
      let s = await withBooking(driver, id);
      await arriveBooking(sim, s.account, s.booking, s.state);
      await after(rng.int(1, 4) * MIN);
      s = await withBooking(driver, id);
      await startTrip(sim, s.account, s.booking, s.state, { otp: s.booking?.otp !== undefined ? String(s.booking.otp) : undefined });
      const km = distanceKm(pickup, drop) * 1.3;
      const rideMs = Math.max(4 * MIN, (km / rng.between(18, 30)) * 3_600_000);
      // The drop's ping: REACHED prices the driven route from the trip's tracking points.
      await after(rideMs);
      await ping(driver, drop);
      s = await withBooking(driver, id);
      const reached = await reachBooking(sim, s.account, s.booking, s.state);
      await after(rng.int(20, 90) * 1000);

      if (reached.prepaid) {
        s = await withBooking(driver, id);
        await settleBooking(sim, s.account, s.booking, { method: 'cash' });
      } else {
        let priced = reached;
        if (rng.chance(0.12)) {
          const r = await withBooking(rider, id);
          // A promo may not apply (its minimum order): the rider pays the full cost then.
          priced = await applyPromo(sim, r.account, r.booking, { code: rng.pick(promoCodes) }).catch(() => reached);
        }
        const how = rng.weighted([['cash', 5], ['wallet', 3], ['later', 2]] as const);
        if (how === 'wallet') {
          const due = Math.round((priced.trip_cost - (priced.discount ?? 0)) * 100);
          if ((await balanceOf(rider.uid)) < due) await topUp(rider, rng.pick([20, 25, 40, 50]) + Math.ceil(due / 100));
          const r = await withBooking(rider, id);
          await payBooking(sim, r.account, r.booking, { method: 'wallet' });
        } else if (how === 'cash') {
          s = await withBooking(driver, id);
          await settleBooking(sim, s.account, s.booking, { method: 'cash' });
        } else {
          s = await withBooking(driver, id);
          await settleBooking(sim, s.account, s.booking, { method: 'later' });
          driver.busy = false;
          await after(rng.int(5, 90) * MIN);
          await cardPay(rider, id);
        }
      }
      summary.paid++;
      driver.busy = false;
      if (rng.chance(0.78)) {
        await after(rng.int(2, 40) * MIN);
        const r = await withBooking(rider, id);
        await completeBooking(sim, r.account, r.booking, { rating: rng.weighted([[5, 60], [4, 28], [3, 8], [2, 3], [1, 1]] as const) });
        summary.completed++;
      }
    } finally {
      release();
    }
  }

  /**
   * A driver answers when the offer reaches them. Idle drivers nearer the pickup fill a round first
   * (the batch is the nearest few), so the chosen one may only be asked when the next round reaches
   * further; false when the booking moved on (taken, given up) before that.
   */
  async function offered(d: SimDriver, id: string): Promise<boolean> {
    for (let round = 0; round < 4; round++) {
      const b = await live.bookings.get(id, { consistent: true });
      if (!b || b.status !== 'NEW') return false;
      if (b.requestedDrivers?.[d.uid]) return true;
      await after(offerMs + 1000);
    }
    return false;
  }

  async function accept(driver: SimDriver, id: string) {
    const { account, extra } = await admit(driver, [preload.booking(id), preload.offer(driver.uid, id), preload.driverState(driver.uid)]);
    await acceptBooking(sim, account, { booking: loaded.booking(extra[0] as never), offer: loaded.offer(extra[1] as never), state: loaded.driverState(extra[2] as never) });
  }

  /** Mondays: drivers with money ask for most of it; the admin pays out a day or two later. */
  async function payday(d: SimDriver, atLeast = 40_00) {
    const balance = await balanceOf(d.uid);
    if (balance < atLeast) return;
    const { account } = await admit(d);
    const body = withdrawsContract.requestWithdraw.body!.parse({
      amount: Math.floor(balance * rng.between(0.6, 0.9)) / 100, bankName: 'Bay Area Credit Union', bankCode: `121${rng.int(100000, 999999)}`, bankAccount: `${rng.int(10000000, 99999999)}`,
    });
    const request = await requestWithdraw(sim, account, body);
    summary.withdrawals++;
    await after(rng.int(20, 44) * 60 * MIN);
    const { account: a, extra } = await admit(admin, [preload.withdraw(request.id)]);
    await completeWithdraw(sim, a, request.id, loaded.withdraw(extra[0] as never));
  }

  // ---- the calendar ------------------------------------------------------------------------------
  for (const [name, type, value, max, min] of [['WELCOME10', 'percentage', 10, 5, 0], ['CITY5', 'flat', 5, 0, 15]] as const) {
    if (await live.promos.nameOwner(name)) continue; // added by the part played before
    const validity = new Date(end + 120 * DAY).toISOString().slice(0, 10);
    const body = promosContract.addPromo.body!.parse({
      promo_name: name, promo_description: type === 'flat' ? '$5 off any trip over $15' : '10% off, up to $5',
      promo_discount_type: type, promo_discount_value: value, max_promo_discount_value: max, min_order: min,
      promo_validity: validity, promo_usage_limit: 1000,
    });
    await addPromo(sim, (await admit(admin)).account, body);
  }

  /** Each part's own seed: the same day whatever was played before it. */
  const reseed = (n: number) => { rng = seededRandom((seed * 1_000_003 + n * 7_919) >>> 0); };
  let crew: SimDriver[] | undefined;
  const setCrew = async (next: SimDriver[]) => {
    if (crew === next) return;
    if (crew) await offDuty(crew);
    crew = next;
    drivers = next;
    if (quietIds) for (const d of next) opts.quiet?.(d.uid);
    for (const d of next) {
      const { account, extra } = await admit(d, [preload.driverState(d.uid)]);
      await setDriverAvailability(sim, account, loaded.driverState(extra[0] as never), true);
    }
  };
  // History's drivers are off duty after it: the live map shows only those who are really online.
  const offDuty = async (ds: SimDriver[]) => {
    for (const d of ds) {
      const { account, extra } = await admit(d, [preload.driverState(d.uid)]);
      await setDriverAvailability(sim, account, loaded.driverState(extra[0] as never), false).catch(fail);
    }
  };

  step(`History: playing ${todo.length} of ${totalParts} parts of ${days} days in ${DEMO_TIME_ZONE} (DEMO_HISTORY_DAYS, DEMO_HISTORY_SEED)`);
  const counted = () => summary.bookings;
  for (const n of todo) {
    // Every item the older part writes carries its correlation id, told to `quiet` before the first
    // write: a record written before its booking's or person's id is known (the booking itself, an
    // account) is hushed by it as well, however soon the stream is read.
    const past = all.older.includes(n);
    if (past) quiet?.(PAST_CORRELATION_ID);
    await withCorrelationId(past ? PAST_CORRELATION_ID : RECENT_CORRELATION_ID, () => playPart(n));
  }
  if (crew) await offDuty(crew);
  summary.ms = Date.now() - began;
  return summary;

  async function playPart(n: number) {
    const before = counted();
    // Begun is recorded first: a stop half way skips the rest of this part rather than doubling it.
    marker.started = [...marker.started!, n];
    await table.put({ ...keys.demoHistory(), ...marker });
    reseed(n);
    heap = [];
    // The older days are the history's own people's: beside live traffic, nobody who may be
    // signed in now sees them move.
    quietIds = all.older.includes(n);
    const world = await worldOf(n);
    riders = world.riders;
    if (quietIds) for (const r of riders) opts.quiet?.(r.uid);
    clock.ms = Math.min(n < days ? dayStartOf(n) : end - 50 * MIN, end);
    await setCrew(world.crew);
    // Shifts alternate within a car type, early (from 6-9) and late (from 13-16), and each driver
    // keeps one weekly day off, never the same as the other of their type: so the evening rush has a
    // driver of each type as the morning does. With every shift starting by 11 and a day off drawn
    // anew each day, a third of the requests, most after 17:00, found nobody of their type on shift.
    const seen: Record<string, number> = {};
    for (const d of drivers) {
      const nth = (seen[d.carType] = (seen[d.carType] ?? -1) + 1);
      const late = nth % 2 === 1;
      d.busy = false; d.pos = jitter(rng, pickPlace(rng), 2); d.startHour = late ? rng.int(13, 16) : rng.int(6, 9); d.shiftHours = rng.int(9, 12);
      d.dayOff = (d.carType.length + nth * 4) % 7;
    }
    if (n < days) planDay(n);
    else if (n === days) planLastHour();
    else planPayout();
    while (heap.length) {
      const task = popMin(heap)!;
      if (task.at > end) break; // a timer due after now (a round of a booking long accepted) is dropped
      clock.ms = task.at;
      await new Promise<void>((r) => { yielded = r; task.resume(); });
    }
    heap = [];
    marker.bookings = (marker.bookings ?? 0) + counted() - before;
    if (marker.started!.length === totalParts) marker.status = 'done';
    await table.put({ ...keys.demoHistory(), ...marker });
    report();
    step(`History: ${n < days ? `day ${n + 1} of ${days}` : n === days ? 'the last hour' : 'the payout waiting now'} played (${marker.bookings} bookings in all)`);
  }

  function planDay(day: number) {
    const dayStart = dayStartOf(day);
    const { weekday } = zonedParts(dayStart + 12 * 3_600_000, DEMO_TIME_ZONE);
    // A young operator: demand grows over the weeks; Fridays and Saturdays are busiest, Sundays quiet.
    const week = [0.7, 0.9, 0.95, 1, 1.1, 1.35, 1.25][weekday]!;
    const count = Math.max(1, Math.round(plannedBookings(day, days, opts.perDay) * week * rng.between(0.8, 1.2)));
    for (let i = 0; i < count; i++) {
      const hour = rng.weighted(HOURLY[weekday === 5 || weekday === 6 ? 1 : 0]!.map((w, h) => [h, w] as const));
      const when = dayStart + hour * 60 * MIN + rng.int(0, 59) * MIN + rng.int(0, 59) * 1000;
      if (when > end - 50 * MIN) continue;
      const rider = rng.weighted(riders.map((r) => [r, demoRiders.includes(r) ? 3 : 2] as const));
      spawn(when, () => tripStory(rider));
    }
    // Somebody changes their mind every day, in the evening rush when drivers are about.
    const changedMind = dayStart + rng.int(17 * 60, 19 * 60) * MIN;
    if (changedMind < end - 50 * MIN) spawn(changedMind, () => tripStory(rng.pick(riders), { cancels: true }));
    // Now and then a rider tops up the wallet before going out.
    if (rng.chance(0.35)) {
      const when = dayStart + rng.int(8 * 60, 20 * 60) * MIN;
      if (when < end - 50 * MIN) spawn(when, () => topUp(rng.pick(riders), rng.pick([25, 30, 50])));
    }
    if (weekday === 1) for (const d of drivers) spawn(dayStart + rng.int(8 * 60, 11 * 60) * MIN, () => payday(d));
  }

  /** The last hour always has a few trips and a top-up, so "today" has figures whatever the hour of the first start. */
  function planLastHour() {
    spawn(end - rng.int(45, 49) * MIN, () => topUp(riders[0]!, rng.pick([25, 30, 50])));
    for (let i = 0; i < 3; i++) spawn(end - rng.int(40, 48) * MIN, () => tripStory(riders[i % riders.length]!, { served: true }));
  }

  /**
   * However short the history, the driver who earned most asks for a payout shortly before now:
   * the withdrawals table has a request waiting for the admin on the first visit.
   */
  function planPayout() {
    spawn(end - rng.int(25, 35) * MIN, async () => {
      let richest: SimDriver | undefined;
      let most = 0;
      for (const d of drivers) { const b = await balanceOf(d.uid); if (b > most) [richest, most] = [d, b]; }
      if (richest) await payday(richest, 5_00);
    });
  }
}

/** Bookings on an average weekday in the history's last week (the weeks before see fewer: `plannedBookings`). */
const BOOKINGS_PER_DAY = 11;
/** Weight of each local hour: weekdays (commutes, lunch) and weekends (late mornings, nights out). */
const HOURLY = [
  [0.3, 0.1, 0.1, 0.1, 0.2, 0.5, 1.5, 3.5, 5, 3.5, 2, 2, 3, 3, 2, 2, 3, 5, 5.5, 4, 3, 2.5, 1.5, 0.8],
  [1.5, 1.2, 0.8, 0.3, 0.2, 0.2, 0.4, 0.8, 1.5, 2.5, 3.5, 4, 4, 3.5, 3, 3, 3, 3.5, 4, 4.5, 4.5, 4, 3.5, 2.5],
];

function ymd(ms: number): [number, number, number] {
  const p = zonedParts(ms, DEMO_TIME_ZONE);
  return [p.year, p.month, p.day];
}

function pickPlace(rng: SeededRandom): DemoPlace {
  return rng.weighted(demoPlaces.map((p) => [p, p.weight] as const));
}

/** A point up to `km` from `p`. */
function jitter(rng: SeededRandom, p: { lat: number; lng: number }, km: number) {
  const r = km * Math.sqrt(rng.next());
  const a = rng.next() * 2 * Math.PI;
  return { lat: round6(p.lat + (r * Math.cos(a)) / 111.32), lng: round6(p.lng + (r * Math.sin(a)) / (111.32 * Math.cos((p.lat * Math.PI) / 180))) };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const dLat = ((b.lat - a.lat) * Math.PI) / 180;
  const dLng = ((b.lng - a.lng) * Math.PI) / 180;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos((a.lat * Math.PI) / 180) * Math.cos((b.lat * Math.PI) / 180) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const before = (a: Task, b: Task) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

function siftUp(h: Task[], i: number) {
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!before(h[i]!, h[p]!)) break;
    [h[i], h[p]] = [h[p]!, h[i]!];
    i = p;
  }
}

function popMin(h: Task[]): Task | undefined {
  const top = h[0];
  const last = h.pop();
  if (h.length && last) {
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && before(h[l]!, h[m]!)) m = l;
      if (r < h.length && before(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
  return top;
}
