import { money } from '../../../shared/src/i18n/notifications';
import type { BookingView } from '../../../shared/src/contract/bookings';
import { assertCriticalEditsAllowed } from '../../../shared/src/domain/demo-mode';
import { earningsPeriods, tipAddition } from '../../../shared/src/domain/earnings';
import { conflict, DomainError, notFound } from '../../../shared/src/domain/errors';
import { toDecimal, toMinor } from '../../../shared/src/domain/money';
import { operatorZone } from '../../../shared/src/domain/time-zone';
import { maxTip, tipMovements, tipRefusal, type TipMethod } from '../../../shared/src/domain/tips';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { AppSettings } from '../ports/settings';
import type { TripChange, TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { present, tell } from './trip-step';

/**
 * The tip as one step of the booking, whichever way it was paid: the booking's tip fields (written
 * only while it has none), the whole amount credited to the driver (and, from the wallet, debited
 * from the rider) under the booking's one tip txRef, the tip added to the driver's earnings of the
 * trip's day and month, and the driver told. A card tip's checkout is closed in the same
 * transaction (`payment`). Nothing of the fare, fee, share or the platform's take moves.
 */
export function tipChange(
  booking: BookingRecord,
  amount: number,
  method: TipMethod,
  at: number,
  settings: Pick<AppSettings, 'symbol' | 'timeZone'>,
  card?: { orderId: string; provider: string; providerRef: string },
): TripChange {
  const driver = booking.driver!;
  const next: BookingRecord = {
    ...booking, tip: amount, tip_mode: method, tip_at: at, ...(card ? { tip_gateway: card.provider } : {}), version: booking.version + 1,
  };
  const { day, month } = earningsPeriods(booking.tripdate, operatorZone(settings));
  return {
    current: booking, next, at, addsTip: true,
    movements: tipMovements({ id: booking.id, customer: booking.customer, driver }, amount, method),
    earnings: {
      addition: tipAddition(amount), day, month,
      driver: { uid: driver, name: booking.driver_name ?? '', ...(booking.vehicle_number ? { vehicleNumber: booking.vehicle_number } : {}) },
      ...(booking.fleetadmin ? { fleet: booking.fleetadmin } : {}),
    },
    ...(card ? { payment: { orderId: card.orderId, status: 'PAID' as const, providerRef: card.providerRef } } : {}),
    messages: [tell(driver, 'tip_received', next, { amount: money(amount, settings.symbol ?? '') })],
  };
}

/**
 * Why this rider may not tip this booking this amount now, as the error the caller hears: a
 * stranger's booking is not found (ids reveal nothing), an amount out of bounds is 400 on the
 * amount, anything about the booking's state is 409.
 */
export function assertTippable(booking: BookingRecord | undefined, riderUid: string, amount: number, now: number): BookingRecord {
  const refusal = booking ? tipRefusal(booking, riderUid, amount, now) : 'not_yours';
  if (!booking || refusal === 'not_yours') throw notFound();
  if (refusal === 'tip_amount_invalid' || refusal === 'tip_too_large') {
    throw new DomainError(refusal, 400, `A tip on this trip is above 0 and at most ${toDecimal(maxTip(booking.trip_cost))}`, [{ path: 'amount', message: refusal }]);
  }
  if (refusal) throw conflict(refusal);
  return booking;
}

/** A write that lost a race (another tip, a rating) is decided again on a fresh read this often. */
const ATTEMPTS = 4;

/**
 * The rider tips the driver from their wallet (domain/tips): one transaction that debits the
 * rider and credits the driver, conditioned on the rider's balance and on the booking having no
 * tip yet, so of any number of simultaneous tips (any Idempotency-Keys) exactly one moves money
 * and the others hear tip_already_added. Like every payment it needs critical edits (§5 demo mode).
 */
export async function addTip(
  deps: { trips: TripStore; bookings: Pick<BookingStore, 'get'>; now: () => Date },
  account: Account,
  loaded: BookingRecord | undefined,
  input: { amount: number },
): Promise<BookingView> {
  assertCriticalEditsAllowed(account.settings);
  const me = account.profile;
  const amount = toMinor(input.amount);
  let booking = loaded;
  for (let attempt = 1; ; attempt++) {
    const at = deps.now().getTime();
    const tippable = assertTippable(booking, me.id, amount, at);
    // The admission's balance answers the plain case at once; the transaction's condition decides races.
    if ((me.walletBalance ?? 0) < amount) throw conflict('insufficient_balance', 'The wallet does not cover this tip');
    try {
      return present(account, await deps.trips.apply(tipChange(tippable, amount, 'wallet', at, account.settings)));
    } catch (e) {
      if (!(e instanceof DomainError) || e.code !== 'conflict' || attempt >= ATTEMPTS) throw e;
      booking = await deps.bookings.get(tippable.id, { consistent: true });
    }
  }
}
