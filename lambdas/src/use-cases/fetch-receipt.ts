import type { Receipt } from '../../../shared/src/contract/receipts';
import { maySeeBooking } from '../../../shared/src/domain/booking-access';
import { conflict, notFound } from '../../../shared/src/domain/errors';
import { toDecimal } from '../../../shared/src/domain/money';
import { buildReceipt, hasReceipt, type Receipt as ReceiptMinor } from '../../../shared/src/domain/receipt';
import type { BookingRecord } from '../ports/bookings';
import type { Account } from './admit-caller';

/** A receipt at the API edge: money in decimals. */
export function presentReceipt(r: ReceiptMinor): Receipt {
  return {
    ...r,
    lines: r.lines.map((l) => ({ ...l, amount: toDecimal(l.amount) })),
    subtotal: toDecimal(r.subtotal),
    discount: toDecimal(r.discount),
    ...(r.tip !== undefined ? { tip: toDecimal(r.tip) } : {}),
    total: toDecimal(r.total),
    payment: { ...r.payment, cash: toDecimal(r.payment.cash), wallet: toDecimal(r.payment.wallet), card: toDecimal(r.payment.card) },
  };
}

/**
 * A booking's receipt for whoever may read the booking (the rule of fetchBooking: its rider, its
 * driver, its fleet admin, any admin; 404 for anyone else, so ids reveal nothing), once the money
 * has moved (409 receipt_not_ready before).
 */
export function fetchReceipt(account: Account, booking: BookingRecord | undefined): Receipt {
  const me = account.profile;
  if (!booking || !maySeeBooking(booking, { uid: me.id, role: me.usertype })) throw notFound();
  if (!hasReceipt(booking.status)) throw conflict('receipt_not_ready');
  return presentReceipt(buildReceipt(booking, account.settings));
}
