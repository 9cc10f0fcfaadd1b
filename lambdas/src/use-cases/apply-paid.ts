import { money } from '../../../shared/src/i18n/notifications';
import { DomainError } from '../../../shared/src/domain/errors';
import { toMinor } from '../../../shared/src/domain/money';
import { referralBonusDue, referralBonusMovements } from '../../../shared/src/domain/referral-bonus';
import type { ProfileItem } from '../ports/users';
import type { BookingRecord } from '../ports/bookings';
import type { AppSettings } from '../ports/settings';
import type { TripChange, TripStore } from '../ports/trips';
import type { UserStore } from '../ports/users';
import { tell } from './trip-step';

export interface ApplyPaidDeps {
  trips: TripStore;
  users: Pick<UserStore, 'get'>;
}

/**
 * Applies a PAID step (from `paidChange`) with the referral bonus it earns: when the booking's
 * rider or driver signed up with a referral id and this is their first paid trip, they and their
 * referrer are credited the settings `bonus` in the same transaction (spec settings `bonus`, paid
 * when earned so sign-ups alone mint nothing). `known` are profiles the request already read (the
 * caller's); the others are read in one wait, and referrers only when a bonus is due. A bonus
 * found paid meanwhile (its txRef claim taken) is left out and the step applied without it.
 */
export async function applyPaid(deps: ApplyPaidDeps, change: TripChange, settings: Pick<AppSettings, 'bonus' | 'symbol'>, known: readonly ProfileItem[] = []): Promise<BookingRecord> {
  const bonus = toMinor(settings.bonus ?? 0);
  if (!(bonus > 0)) return deps.trips.apply(change);
  const booking = change.current;
  const parties = [...new Set([booking.customer, booking.driver].filter((u): u is string => Boolean(u)))];
  const profiles = await Promise.all(parties.map((uid) => known.find((p) => p.id === uid) ?? deps.users.get(uid, { consistent: true })));
  const due = profiles.flatMap((p) => {
    const referrer = p && referralBonusDue(p);
    return p && referrer ? [{ user: p, referrer }] : [];
  });
  if (!due.length) return deps.trips.apply(change);

  const referrers = await Promise.all(due.map((d) => deps.users.get(d.referrer)));
  const amount = money(bonus, settings.symbol ?? '');
  const earned: TripChange = {
    ...change,
    referralEarned: due.map((d) => d.user.id),
    movements: [
      ...(change.movements ?? []),
      ...due.flatMap((d, i) => referralBonusMovements(d.user.id, d.referrer, bonus, { referrerExists: Boolean(referrers[i]) })
        .map((m) => ({ ...m, bookingId: booking.id }))),
    ],
    messages: [
      ...change.messages,
      ...due.flatMap((d, i) => [
        tell(d.user.id, 'referral_bonus_new', change.next, { amount }),
        ...(referrers[i] ? [tell(d.referrer, 'referral_bonus_referrer', change.next, { amount, name: `${d.user.firstName ?? ''} ${d.user.lastName ?? ''}`.trim() })] : []),
      ]),
    ],
  };
  try {
    return await deps.trips.apply(earned);
  } catch (e) {
    if (!(e instanceof DomainError) || e.code !== 'referral_bonus_paid') throw e;
    // Paid by another trip meanwhile (or before this rule): mark it, so later trips skip it, and pay nothing.
    return deps.trips.apply({ ...change, referralEarned: due.map((d) => d.user.id) });
  }
}
