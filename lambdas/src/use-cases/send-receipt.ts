import { buildReceipt } from '../../../shared/src/domain/receipt';
import { renderReceiptEmail } from '../../../shared/src/i18n/receipt-email';
import type { BookingRecord } from '../ports/bookings';
import type { EmailSender } from '../ports/email';
import type { PushClaims } from '../ports/push';
import type { AppSettings } from '../ports/settings';
import type { ChangeRecord } from './fan-out-change';

export interface SendReceiptDeps {
  /** The booking as it is now (consistent): the stream image leaves out its nested fields (parcel, promo, fare parts). */
  booking(id: string): Promise<BookingRecord | undefined>;
  settings(): Promise<AppSettings | undefined>;
  /** The exactly-once claims pushes use: one claim per booking and address. */
  claims: PushClaims;
  /** None where configuration sends no e-mail. */
  email: EmailSender | undefined;
  /** The site's address, for the link to the printable receipt (none when unknown). */
  siteUrl?: string;
}

export class ReceiptClaimBusy extends Error {
  constructor(bookingId: string) { super(`another delivery is sending the receipt of ${bookingId}`); }
}

/** The booking a stream record shows reaching COMPLETE, if it is one. */
export function completedBookingId(record: Pick<ChangeRecord, 'change' | 'pk' | 'sk' | 'image' | 'before'>): string | undefined {
  const m = /^BOOKING#(.+)$/.exec(record.pk);
  if (!m || record.sk !== 'BOOKING' || record.change !== 'MODIFY') return undefined;
  return record.image?.status === 'COMPLETE' && record.before?.status !== 'COMPLETE' ? m[1] : undefined;
}

/**
 * The booking a stream record shows tipped after it was COMPLETE, if it is one: its receipt goes
 * again, now with the tip (a tip added at PAID is in the receipt COMPLETE sends).
 */
export function tippedCompleteBookingId(record: Pick<ChangeRecord, 'change' | 'pk' | 'sk' | 'image' | 'before'>): string | undefined {
  const m = /^BOOKING#(.+)$/.exec(record.pk);
  if (!m || record.sk !== 'BOOKING' || record.change !== 'MODIFY') return undefined;
  const tipped = record.image?.tip !== undefined && record.before?.tip === undefined;
  return tipped && record.image?.status === 'COMPLETE' && record.before?.status === 'COMPLETE' ? m[1] : undefined;
}

/**
 * E-mails the rider the receipt of a booking that reached COMPLETE (or, `tip`, of a completed
 * booking just tipped: a claim of its own, so each is sent once), once however often the stream
 * hands the record over: the claim is taken before sending, settled after, and released when the
 * send fails so the retried record sends. A claim another delivery holds makes this one retry
 * (ReceiptClaimBusy) rather than send twice or not at all.
 */
export async function sendReceipt(deps: SendReceiptDeps, bookingId: string, occasion: 'complete' | 'tip' = 'complete'): Promise<'sent' | 'already' | 'skipped'> {
  if (!deps.email) return 'skipped';
  const [booking, settings] = await Promise.all([deps.booking(bookingId), deps.settings()]);
  const to = booking?.customer_email?.trim();
  if (!booking || !settings || !to || booking.status !== 'COMPLETE' || (occasion === 'tip' && !booking.tip)) return 'skipped';
  const delivery = occasion === 'tip' ? `RECEIPT#${booking.id}#TIP` : `RECEIPT#${booking.id}`;
  const claim = await deps.claims.take(delivery, `email:${to}`);
  if (claim === 'sent' || claim === 'failed') return 'already';
  if (claim === 'busy') throw new ReceiptClaimBusy(booking.id);
  const link = deps.siteUrl ? `${deps.siteUrl.replace(/\/$/, '')}/bookings/${encodeURIComponent(booking.id)}/receipt` : undefined;
  const mail = renderReceiptEmail(buildReceipt(booking, settings), { timeZone: settings.timeZone, ...(link ? { link } : {}) });
  try {
    await deps.email.send({ to, ...mail, bookingId: booking.id });
  } catch (e) {
    await deps.claims.release(delivery, `email:${to}`);
    throw e;
  }
  await deps.claims.settle(delivery, `email:${to}`, 'sent');
  return 'sent';
}
