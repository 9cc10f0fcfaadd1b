import { describe, expect, it } from 'vitest';
import { buildRoundStory, decideRound, settleRoundStory, STORY_MAX_ENTRIES, STORY_REASONS, storyOutcome, type RoundInputs, type SeenDriver, type StoryReason } from '../../../shared/src/domain/dispatch-story';

const policy = { radiusKm: 9, rounds: 3, batchSize: 2 };
const seen = (uid: string, km: number, excluded?: SeenDriver['excluded'], carType = 'Economy'): SeenDriver => ({ uid, name: `Driver ${uid}`, distanceKm: km, carType, ...(excluded ? { excluded } : {}) });
const base = (over: Partial<RoundInputs> & { staying?: number } = {}): Omit<RoundInputs, 'offered'> & { staying: number } => ({
  round: 1, roundInCycle: 1, at: 1_000, policy, seen: [], asked: {}, requestedDrivers: {}, askedThisCycle: new Set(), lapsed: [], staying: 0, ...over,
});
const reasons = (s: { entries: { uid: string; reason: StoryReason }[] }) => Object.fromEntries(s.entries.map((e) => [e.uid, e.reason]));

describe('dispatch story of a round', () => {
  it('gives every driver the search saw one reason, and offers what the batch offers', () => {
    const { batch, story } = decideRound(base({
      seen: [seen('stale', 0.5, 'offline'), seen('near1', 1), seen('van', 1.5, 'other_car_type', 'Van'), seen('near2', 2), seen('near3', 2.5), seen('far', 5), seen('out', 9.5, 'beyond_radius')],
    }));
    expect(batch.map((d) => d.uid)).toEqual(['near1', 'near2']);
    expect(reasons(story)).toEqual({ stale: 'offline', near1: 'offered', van: 'other_car_type', near2: 'offered', near3: 'batch_full', far: 'beyond_round_radius', out: 'beyond_radius' });
    expect(story.entries.find((e) => e.uid === 'van')).toMatchObject({ carType: 'Van' });
    expect(story).toMatchObject({ round: 1, at: 1_000, roundRadiusKm: 3, radiusKm: 9, seen: 7, omitted: 0 });
  });

  it('says declined, lapsed, asked before and gave the trip up from the booking as the round read it', () => {
    const { story } = decideRound(base({
      round: 2, roundInCycle: 2,
      seen: [seen('declined', 1), seen('lapsed', 1.2), seen('admin', 1.3), seen('quitter', 1.4), seen('fresh', 4)],
      asked: { declined: 1, lapsed: 1, admin: 0, quitter: 1 },
      requestedDrivers: { lapsed: true, admin: true },
      excludedDrivers: { quitter: true },
      askedThisCycle: new Set(['declined', 'lapsed', 'admin', 'quitter']),
      lapsed: ['lapsed', 'gone'],
      staying: 1,
    }));
    expect(reasons(story)).toEqual({ declined: 'declined', lapsed: 'lapsed', admin: 'asked_before', quitter: 'gave_trip_up', fresh: 'offered', gone: 'lapsed' });
    // A lapsed driver the search no longer sees is still told, without a distance.
    expect(story.entries.at(-1)).toEqual({ uid: 'gone', name: '', reason: 'lapsed' });
  });

  it('with nobody new in the round\'s share of the radius, the next nearest are asked and the rest are batch full', () => {
    const { story } = decideRound(base({ seen: [seen('a', 5), seen('b', 6), seen('c', 7)] }));
    expect(reasons(story)).toEqual({ a: 'offered', b: 'offered', c: 'batch_full' });
  });

  it('an offered driver the write dropped (went offline or took another trip) is unavailable', () => {
    const story = buildRoundStory({ ...base({ seen: [seen('a', 1), seen('b', 2)] }), offered: ['a', 'b'] });
    expect(reasons(settleRoundStory(story, new Set(['b'])))).toEqual({ a: 'unavailable', b: 'offered' });
  });

  it('a round that offers nobody still tells why', () => {
    const { batch, story } = decideRound(base({ seen: [seen('x', 1, 'offline'), seen('y', 2, 'other_car_type', 'Van')] }));
    expect(batch).toEqual([]);
    expect(reasons(story)).toEqual({ x: 'offline', y: 'other_car_type' });
  });

  it(`keeps the ${STORY_MAX_ENTRIES} nearest, every offered driver among them, and counts the rest`, () => {
    const many = Array.from({ length: 30 }, (_, i) => seen(`s${i}`, 0.1 + i * 0.01, 'offline'));
    const { story } = decideRound(base({ seen: [...many, seen('ok', 2)] }));
    expect(story.entries).toHaveLength(STORY_MAX_ENTRIES);
    expect(story.entries.find((e) => e.uid === 'ok')?.reason).toBe('offered');
    expect(story).toMatchObject({ seen: 31, omitted: 11 });
  });
});

describe('how the dispatch ended', () => {
  const r = (round: number, at: number) => buildRoundStory({ ...base({ round, at }), offered: [] });
  it('is open until an accept or a cancel', () => {
    expect(storyOutcome([r(1, 1)], [{ kind: 'declined', at: 2, driver: 'a' }])).toEqual({ kind: 'open' });
  });
  it('names the accepting driver and the round', () => {
    expect(storyOutcome([r(1, 1), r(2, 5)], [{ kind: 'accepted', at: 6, driver: 'a', driverName: 'Ann', round: 2 }])).toEqual({ kind: 'accepted', driver: 'a', driverName: 'Ann', round: 2, at: 6 });
  });
  it('is open again when the driver who accepted gives the trip up, and names whoever accepts next', () => {
    const accepted = { kind: 'accepted' as const, at: 6, driver: 'a', driverName: 'Ann', round: 1 };
    const released = { kind: 'released' as const, at: 8, driver: 'a', driverName: 'Ann' };
    expect(storyOutcome([r(1, 1)], [accepted, released])).toEqual({ kind: 'open' });
    expect(storyOutcome([r(1, 1), r(2, 9)], [accepted, released, { kind: 'accepted', at: 11, driver: 'b', driverName: 'Bo', round: 2 }]))
      .toEqual({ kind: 'accepted', driver: 'b', driverName: 'Bo', round: 2, at: 11 });
  });
  it('counts the rounds run before the system gave up', () => {
    expect(storyOutcome([r(1, 1), r(2, 5), r(3, 9)], [{ kind: 'cancelled', at: 13, by: 'system', code: 'no_driver_accepted', openOffers: ['b'] }]))
      .toEqual({ kind: 'cancelled', by: 'system', code: 'no_driver_accepted', rounds: 3, at: 13 });
  });
});
