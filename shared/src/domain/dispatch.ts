import { DEFAULT_DRIVER_RADIUS, KM_PER_MILE } from './distance';
import { mandatoryDocuments, type DocumentRule } from './driver-documents';
import { operatorZone } from './time-zone';

/**
 * Dispatch policy (beyond the spec, which listed every driver on the rider's phone): a NEW booking
 * is offered to the nearest eligible drivers in rounds. Each round offers a batch, waits for the
 * offers to expire, then offers the next batch from a wider radius; after the last round the
 * system cancels. For reference, Namma Yatri offers 5 drivers a batch, 25 s, 3 batches.
 */
export const DISPATCH_DEFAULTS = {
  batchSize: 3,
  /**
   * How long a driver has to answer an offer. The driver is usually at the wheel: the offer has to
   * wait for a safe moment (a red light, the end of a manoeuvre) and take a glance to read pickup,
   * drop and share, then a tap. 15 s is shorter than many such moments and pushes drivers to read
   * while moving; 30 s leaves time to finish a turn or reach a stop first, and with 3 rounds a
   * rider still hears within about 90 s that nobody is free.
   */
  offerSeconds: 30,
  rounds: 3,
  /** Book Later: dispatch starts this long before tripdate. */
  bookLaterLeadMinutes: 10,
} as const;

/**
 * At most this many live offers (requestedDrivers) per booking, whatever the settings say: every
 * write that revokes or answers offers (cancel, accept, a round lapsing them) touches one item per
 * live offer plus one message each, and must stay one DynamoDB transaction (at most 100 items).
 * A round is 1 + 3 per new offer (offer, driver check, message) + 1 per lapsed offer + its dispatch
 * story, so 20 keeps the worst round at 82 items and a cancel at 46. Offer writes refuse to go beyond it.
 */
export const MAX_LIVE_OFFERS = 20;

/**
 * What a save may set for each dispatch setting (whole numbers, inclusive). An offer's window is at
 * least 5 s (a floor for quiet test and demo set-ups, not a sensible day-to-day value) and at most
 * 120 s: while an offer stands nobody else is asked, so a longer window only keeps the rider waiting.
 */
export const DISPATCH_BOUNDS = {
  dispatchBatchSize: { min: 1, max: MAX_LIVE_OFFERS },
  offerSeconds: { min: 5, max: 120 },
  dispatchRounds: { min: 1, max: 10 },
  bookLaterLeadMinutes: { min: 1, max: 240 },
} as const;
export type DispatchSettingKey = keyof typeof DISPATCH_BOUNDS;

/** A dispatch setting as a save sends it: absent (the default) or a whole number within its bounds. */
export function isDispatchSettingValid(key: DispatchSettingKey, value: unknown): boolean {
  if (value === undefined) return true;
  const { min, max } = DISPATCH_BOUNDS[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Book Later: a booking still without a driver this long after tripdate is cancelled by the system. */
export const BOOK_LATER_GIVE_UP_MINUTES = 30;

/** A driver's location older than this never matches a search (the app pings every few seconds). */
export const LOCATION_FRESH_MS = 60_000;
/** The geo index entry is rewritten at least this often while the driver stays in one cell. */
export const INDEX_HEARTBEAT_MS = 30_000;

export interface DispatchPolicy {
  batchSize: number;
  offerSeconds: number;
  rounds: number;
  bookLaterLeadMinutes: number;
  /** The search radius in km, whatever unit the settings speak. */
  radiusKm: number;
  /** The unit distances are shown in. */
  unit: 'km' | 'mile';
  autoDispatch: boolean;
  /** Which documents a driver must hold to be offered a booking, and the clock their expiry is read on. */
  documents: DocumentRule;
}

export interface DispatchSettings {
  dispatchBatchSize?: number;
  offerSeconds?: number;
  dispatchRounds?: number;
  bookLaterLeadMinutes?: number;
  driverRadius?: number;
  convert_to_mile?: boolean;
  autoDispatch?: boolean;
  mandatoryDocuments?: readonly string[];
  timeZone?: string;
}

const positive = (v: number | undefined, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback);
/** A stored dispatch setting within today's bounds (a value saved under wider ones is clamped), else the default. */
const bounded = (key: DispatchSettingKey, v: number | undefined, fallback: number) =>
  Math.min(DISPATCH_BOUNDS[key].max, Math.max(DISPATCH_BOUNDS[key].min, Math.floor(positive(v, fallback))));

/** The settings' dispatch values, with the defaults for any that are absent. */
export function dispatchPolicy(s: DispatchSettings): DispatchPolicy {
  const radius = positive(s.driverRadius, DEFAULT_DRIVER_RADIUS);
  return {
    batchSize: bounded('dispatchBatchSize', s.dispatchBatchSize, DISPATCH_DEFAULTS.batchSize),
    offerSeconds: bounded('offerSeconds', s.offerSeconds, DISPATCH_DEFAULTS.offerSeconds),
    rounds: bounded('dispatchRounds', s.dispatchRounds, DISPATCH_DEFAULTS.rounds),
    bookLaterLeadMinutes: bounded('bookLaterLeadMinutes', s.bookLaterLeadMinutes, DISPATCH_DEFAULTS.bookLaterLeadMinutes),
    radiusKm: s.convert_to_mile ? radius * KM_PER_MILE : radius,
    unit: s.convert_to_mile ? 'mile' : 'km',
    autoDispatch: s.autoDispatch !== false,
    documents: { mandatory: mandatoryDocuments(s), timeZone: operatorZone(s) },
  };
}

/** Round r (1-based) searches out to r/rounds of the radius: the nearest drivers are asked first. */
export function roundRadiusKm(policy: Pick<DispatchPolicy, 'radiusKm' | 'rounds'>, round: number): number {
  const r = Math.min(Math.max(round, 1), policy.rounds);
  return (policy.radiusKm * r) / policy.rounds;
}

export interface Candidate {
  uid: string;
  /** km from the pickup. */
  distanceKm: number;
}

/**
 * The batch for a round: the nearest drivers not asked before, within the round's radius. When
 * nobody new is that close, the nearest within the full radius are asked instead, so a round is
 * never wasted while a driver is in reach.
 */
export function pickBatch<C extends Candidate>(
  sortedByDistance: readonly C[],
  alreadyAsked: ReadonlySet<string>,
  policy: Pick<DispatchPolicy, 'radiusKm' | 'rounds' | 'batchSize'>,
  round: number,
  /** Offers that stay live through this round (admin assignments): the batch only fills the cap. */
  staying = 0,
): C[] {
  const fresh = sortedByDistance.filter((c) => !alreadyAsked.has(c.uid) && c.distanceKm <= policy.radiusKm);
  const near = fresh.filter((c) => c.distanceKm <= roundRadiusKm(policy, round));
  const room = Math.max(0, Math.min(policy.batchSize, MAX_LIVE_OFFERS - staying));
  return (near.length ? near : fresh).slice(0, room);
}

/** Offer writes call this with the requestedDrivers they would leave: beyond the cap is a bug, never a write. */
export function assertLiveOffersWithinCap(requestedDrivers: Readonly<Record<string, unknown>>): void {
  const n = Object.keys(requestedDrivers).length;
  if (n > MAX_LIVE_OFFERS) throw new Error(`A booking may hold at most ${MAX_LIVE_OFFERS} live offers; this write would leave ${n}`);
}

/** When dispatch of a Book Later booking starts, and when the system gives up on it (ms). */
export function bookLaterTimes(tripdate: number, policy: Pick<DispatchPolicy, 'bookLaterLeadMinutes'>): { dispatchAt: number; giveUpAt: number } {
  return {
    dispatchAt: tripdate - policy.bookLaterLeadMinutes * 60_000,
    giveUpAt: tripdate + BOOK_LATER_GIVE_UP_MINUTES * 60_000,
  };
}

/** km → the settings' unit, two decimals for display. */
export function toDistanceUnit(km: number, unit: 'km' | 'mile'): number {
  const v = unit === 'mile' ? km / KM_PER_MILE : km;
  return Math.round(v * 100) / 100;
}
