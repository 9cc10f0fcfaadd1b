import type { BookingView } from '../../../shared/src/contract/bookings';
import { codeMatches, proofRefusal, type DeliveryProof, type DeliveryProofInput } from '../../../shared/src/domain/delivery-proof';
import { DomainError } from '../../../shared/src/domain/errors';
import type { AttemptCounter } from '../ports/attempts';
import type { BookingRecord, BookingStore } from '../ports/bookings';
import type { TripStore } from '../ports/trips';
import type { Account } from './admit-caller';
import { attemptLimits } from './limit-attempts';
import { pressDriverStep } from './press-driver-step';
import { term } from '../../../shared/src/i18n/notifications';
import { present, tell } from './trip-step';

export interface ProveDeliveryDeps {
  bookings: Pick<BookingStore, 'get'>;
  trips: Pick<TripStore, 'apply'>;
  attempts: AttemptCounter;
  now: () => Date;
}

/**
 * The parcel's driver records the handover at the drop (domain/delivery-proof): the recipient's
 * code, checked against the booking's and limited like every guessable thing (`deliveryCode`
 * attempts: a wrong code counts, a locked booking is refused even with the right one), or, with
 * nobody to give it, the delivery photo already uploaded and the name of who took the parcel.
 * One transaction on the booking's version; the sender is told.
 */
export async function proveDelivery(deps: ProveDeliveryDeps, account: Account, loaded: BookingRecord | undefined, input: DeliveryProofInput): Promise<BookingView> {
  const written = await pressDriverStep(deps, account, loaded, {
    refusal: (booking) => {
      const code = proofRefusal(booking, input);
      return code ? { code, message: `No delivery can be recorded now (${code})` } : undefined;
    },
    write: async (booking) => {
      if (input.method === 'code') await checkCode(deps, booking, input.code);
      const at = deps.now().getTime();
      const proof: DeliveryProof = input.method === 'code'
        ? { outcome: 'delivered', method: 'code', at }
        : { outcome: 'delivered', method: 'left_with', receivedBy: input.receivedBy, at };
      const next: BookingRecord = { ...booking, deliveryProof: proof, version: booking.version + 1 };
      const how = input.method === 'code' ? term('delivered_with_code') : term('delivered_left_with', { name: input.receivedBy });
      return deps.trips.apply({ current: booking, next, at, messages: [tell(booking.customer, 'parcel_delivered', next, { how })] });
    },
  });
  return present(account, written);
}

async function checkCode(deps: ProveDeliveryDeps, booking: BookingRecord, typed: string): Promise<void> {
  await attemptLimits.assertOpen(deps, 'deliveryCode', booking.id, 'delivery_code_locked');
  if (codeMatches(booking.deliveryCode!, typed)) return;
  await attemptLimits.fail(deps, 'deliveryCode', booking.id);
  throw new DomainError('delivery_code_mismatch', 400, undefined, [{ path: 'code', message: 'delivery_code_mismatch' }]);
}
