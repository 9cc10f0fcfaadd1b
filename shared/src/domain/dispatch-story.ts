import { pickBatch, roundRadiusKm, type Candidate, type DispatchPolicy } from './dispatch';

/**
 * The dispatch story: why each driver near a booking was or was not offered it, round by round,
 * and how the booking's dispatch ended. It is written with the state change it explains (a
 * round's offers, a decline, an acceptance, an assignment, a cancel), so it never tells of an
 * offer that was not made.
 *
 * Drivers who are offline or on a trip leave the geo index the moment they switch off or accept
 * (so the search never pays for them); a round cannot see them without extra reads and does not
 * list them. What it can see of them: a driver whose app stopped sending positions (`offline`), and
 * a driver picked for the batch who went offline or took another trip before the offer was written
 * (`unavailable`). A driver whose mandatory documents are missing, unverified, rejected or expired
 * is on the index until they go offline (the index entry copies the documents), and listed as `documents`.
 */
export const STORY_REASONS = [
  'offered',
  /** The app stopped sending positions: the last one is older than the freshness window. */
  'offline',
  /** Picked for the batch, but offline or on another trip when the offer was written. */
  'unavailable',
  'other_car_type',
  /** Within the search radius but beyond this round's share of it, while nearer drivers were asked. */
  'beyond_round_radius',
  /** Read with the search's cells but beyond the search radius. */
  'beyond_radius',
  /** Offered earlier in this cycle of rounds and still deciding, or asked by an admin. */
  'asked_before',
  /** Offered earlier, said no. */
  'declined',
  /** Offered in the round before, let the offer expire. */
  'lapsed',
  /** Accepted the booking before and gave the trip up: never asked again. */
  'gave_trip_up',
  /** Eligible, but the round's batch was full with nearer drivers. */
  'batch_full',
  /** A mandatory document is missing, unverified, rejected or expired (domain/driver-documents). */
  'documents',
] as const;
export type StoryReason = (typeof STORY_REASONS)[number];

/** At most this many drivers are kept per round, nearest first (every offered one always): the item stays small. */
export const STORY_MAX_ENTRIES = 20;

export interface StoryEntry {
  uid: string;
  name: string;
  /** km from the pickup; absent for a driver the round did not see (an offer that lapsed far away). */
  distanceKm?: number;
  reason: StoryReason;
  /** The car type of a driver left out for it. */
  carType?: string;
}

export interface RoundStory {
  round: number;
  at: number;
  /** km: the round's own share of the radius, and the search radius. */
  roundRadiusKm: number;
  radiusKm: number;
  /** Drivers the search saw (before the entry limit). */
  seen: number;
  /** Drivers seen but not kept (beyond the nearest `STORY_MAX_ENTRIES`). */
  omitted: number;
  entries: StoryEntry[];
}

/** What the presence search saw: a driver it may offer, or one it left out, and why. */
export interface SeenDriver extends Candidate {
  name: string;
  carType: string;
  /** Why the search itself left the driver out; absent for a driver dispatch may offer. */
  excluded?: 'offline' | 'other_car_type' | 'beyond_radius' | 'documents';
}

export interface RoundInputs {
  round: number;
  /** Round within its cycle (Book Later repeats cycles of `policy.rounds`). */
  roundInCycle: number;
  at: number;
  policy: Pick<DispatchPolicy, 'radiusKm' | 'rounds' | 'batchSize'>;
  /** Every driver the search saw, nearest first. */
  seen: readonly SeenDriver[];
  /** The booking's asked / live offers / excluded drivers as the round read them. */
  asked: Readonly<Record<string, number>>;
  requestedDrivers: Readonly<Record<string, unknown>>;
  excludedDrivers?: Readonly<Record<string, unknown>>;
  /** Not asked again in this cycle (asked before, gave the trip up). */
  askedThisCycle: ReadonlySet<string>;
  /** Offers that lapsed at this round. */
  lapsed: readonly string[];
  /** The drivers the round offers (the batch). */
  offered: readonly string[];
}

function reasonFor(d: SeenDriver, i: RoundInputs, offered: ReadonlySet<string>, lapsed: ReadonlySet<string>, roundRadius: number, nearUsed: boolean): StoryReason {
  if (offered.has(d.uid)) return 'offered';
  if (d.excluded) return d.excluded;
  if (i.excludedDrivers?.[d.uid] !== undefined) return 'gave_trip_up';
  if (lapsed.has(d.uid)) return 'lapsed';
  if (i.askedThisCycle.has(d.uid)) {
    // Asked in a round (not an admin's assignment), no longer holding the offer, not lapsed now: said no.
    const round = i.asked[d.uid];
    if (round !== undefined && round !== 0 && i.requestedDrivers[d.uid] === undefined) return 'declined';
    return 'asked_before';
  }
  if (d.distanceKm > i.policy.radiusKm) return 'beyond_radius';
  if (nearUsed && d.distanceKm > roundRadius) return 'beyond_round_radius';
  return 'batch_full';
}

/** A round's story from what it saw and what it decided. */
export function buildRoundStory(i: RoundInputs): RoundStory {
  const offered = new Set(i.offered);
  const lapsed = new Set(i.lapsed);
  const roundRadius = roundRadiusKm(i.policy, i.roundInCycle);
  const eligible = i.seen.filter((d) => !d.excluded);
  // pickBatch draws from the round's share when anyone new is in it, else from the whole radius.
  const nearUsed = eligible.some((d) => !i.askedThisCycle.has(d.uid) && d.distanceKm <= roundRadius);
  const all: StoryEntry[] = i.seen.map((d) => ({
    uid: d.uid, name: d.name, distanceKm: round3(d.distanceKm), reason: reasonFor(d, i, offered, lapsed, roundRadius, nearUsed),
    ...(d.excluded === 'other_car_type' ? { carType: d.carType } : {}),
  }));
  const kept = limitEntries(all);
  // A lapsed offer's driver the search no longer sees still belongs in the story.
  const seenIds = new Set(i.seen.map((d) => d.uid));
  const unseenLapsed = i.lapsed.filter((uid) => !seenIds.has(uid)).map((uid): StoryEntry => ({ uid, name: '', reason: 'lapsed' }));
  return {
    round: i.round, at: i.at,
    roundRadiusKm: round3(roundRadius), radiusKm: round3(i.policy.radiusKm),
    seen: all.length, omitted: all.length - kept.length,
    entries: [...kept, ...unseenLapsed],
  };
}

/** The nearest `STORY_MAX_ENTRIES`, keeping every offered driver (a batch is never larger). */
function limitEntries(all: StoryEntry[]): StoryEntry[] {
  if (all.length <= STORY_MAX_ENTRIES) return all;
  const offered = all.filter((e) => e.reason === 'offered');
  const room = Math.max(0, STORY_MAX_ENTRIES - offered.length);
  const others = new Set(all.filter((e) => e.reason !== 'offered').slice(0, room));
  return all.filter((e) => e.reason === 'offered' || others.has(e));
}

/** The offer write drops drivers who stopped being eligible since the search: the story says so. */
export function settleRoundStory(story: RoundStory, written: ReadonlySet<string>): RoundStory {
  return {
    ...story,
    entries: story.entries.map((e) => (e.reason === 'offered' && !written.has(e.uid) ? { ...e, reason: 'unavailable' as const } : e)),
  };
}

/** The batch a round offers and its story, decided together so the two cannot disagree. */
export function decideRound<C extends SeenDriver>(i: Omit<RoundInputs, 'offered'> & { staying: number }): { batch: C[]; story: RoundStory } {
  const eligible = i.seen.filter((d) => !d.excluded) as C[];
  const batch = pickBatch(eligible, i.askedThisCycle, i.policy, i.roundInCycle, i.staying);
  return { batch, story: buildRoundStory({ ...i, offered: batch.map((d) => d.uid) }) };
}

/** Everything after the rounds that changes who may take the booking. */
export type StoryEvent =
  | { kind: 'declined'; at: number; driver: string; driverName?: string }
  | { kind: 'accepted'; at: number; driver: string; driverName?: string; round?: number }
  /** The driver who had it gave the trip up before pickup: the booking is back to dispatch. */
  | { kind: 'released'; at: number; driver: string; driverName?: string }
  | { kind: 'assigned'; at: number; driver: string }
  | {
      kind: 'cancelled'; at: number; by: 'rider' | 'admin' | 'system';
      /** The system's reason code (no_driver_accepted, booking_not_taken_in_time); the stored text for others. */
      code?: string; reason?: string;
      /** Offers still standing when it was cancelled: at a give-up, offers that lapsed unanswered. */
      openOffers?: string[];
    };

export type StoryOutcome =
  | { kind: 'open' }
  | { kind: 'accepted'; driver: string; driverName?: string; round?: number; at: number }
  | { kind: 'cancelled'; by: 'rider' | 'admin' | 'system'; code?: string; reason?: string; rounds: number; at: number };

/** How the dispatch ended (so far): the last accept or cancel, with the number of rounds run. */
export function storyOutcome(rounds: readonly RoundStory[], events: readonly StoryEvent[]): StoryOutcome {
  const last = [...events].sort((a, b) => a.at - b.at).filter((e) => e.kind === 'accepted' || e.kind === 'cancelled' || e.kind === 'released').at(-1);
  if (!last || last.kind === 'released') return { kind: 'open' };
  if (last.kind === 'accepted') return { kind: 'accepted', driver: last.driver, ...(last.driverName ? { driverName: last.driverName } : {}), ...(last.round !== undefined ? { round: last.round } : {}), at: last.at };
  if (last.kind === 'cancelled') {
    return { kind: 'cancelled', by: last.by, ...(last.code ? { code: last.code } : {}), ...(last.reason ? { reason: last.reason } : {}), rounds: rounds.filter((r) => r.at <= last.at).length, at: last.at };
  }
  return { kind: 'open' };
}

const round3 = (km: number) => Math.round(km * 1000) / 1000;
