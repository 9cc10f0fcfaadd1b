import type { DispatchStory } from '../../../shared/src/contract/dispatch-story';
import { dispatchPolicy, toDistanceUnit } from '../../../shared/src/domain/dispatch';
import { storyOutcome } from '../../../shared/src/domain/dispatch-story';
import { notFound } from '../../../shared/src/domain/errors';
import type { BookingStore } from '../ports/bookings';
import type { DispatchStoryStore } from '../ports/dispatch-story';
import type { Account } from './admit-caller';

/**
 * The booking's dispatch story for an admin: one query of its story items. Only a booking with
 * no story yet (Book Later before dispatch, auto-dispatch off, made before stories were kept)
 * costs a second read, to tell it from a booking that does not exist (404).
 */
export async function fetchDispatchStory(
  deps: { stories: DispatchStoryStore; bookings: Pick<BookingStore, 'get'> },
  account: Account,
  bookingId: string,
): Promise<DispatchStory> {
  const { rounds, events } = await deps.stories.of(bookingId);
  if (!rounds.length && !events.length && !(await deps.bookings.get(bookingId))) throw notFound();
  const unit = dispatchPolicy(account.settings).unit;
  const dist = (km: number) => toDistanceUnit(km, unit);
  // A driver is named once wherever the story saw them; lines that did not see them borrow it.
  const names = new Map<string, string>();
  for (const r of rounds) for (const e of r.entries) if (e.name) names.set(e.uid, e.name);
  for (const e of events) if ('driverName' in e && e.driverName) names.set(e.driver, e.driverName);
  const nameOf = (uid: string) => names.get(uid) ?? '';
  const outcome = storyOutcome(rounds, events);
  return {
    bookingId,
    distanceUnit: unit,
    rounds: rounds.map((r) => ({
      round: r.round, at: r.at, roundRadius: dist(r.roundRadiusKm), radius: dist(r.radiusKm), seen: r.seen, omitted: r.omitted,
      entries: r.entries.map((e) => ({
        driver: e.uid, name: e.name || nameOf(e.uid), reason: e.reason,
        ...(e.distanceKm !== undefined ? { distance: dist(e.distanceKm) } : {}), ...(e.carType ? { carType: e.carType } : {}),
      })),
    })),
    events: events.map((e) => {
      if (e.kind === 'cancelled') {
        return {
          kind: e.kind, at: e.at, by: e.by, ...(e.code ? { code: e.code } : {}), ...(e.reason ? { reason: e.reason } : {}),
          ...(e.openOffers ? { openOffers: e.openOffers.map((d) => ({ driver: d, name: nameOf(d) })) } : {}),
        };
      }
      return { kind: e.kind, at: e.at, driver: e.driver, name: nameOf(e.driver), ...('round' in e && e.round !== undefined ? { round: e.round } : {}) };
    }),
    outcome: outcome.kind === 'open' ? { kind: 'open' }
      : outcome.kind === 'accepted' ? { kind: 'accepted', at: outcome.at, driver: outcome.driver, name: nameOf(outcome.driver), ...(outcome.round !== undefined ? { round: outcome.round } : {}) }
        : { kind: 'cancelled', at: outcome.at, by: outcome.by, rounds: outcome.rounds, ...(outcome.code ? { code: outcome.code } : {}), ...(outcome.reason ? { reason: outcome.reason } : {}) },
  };
}
