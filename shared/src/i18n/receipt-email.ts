import { formatMoney } from '../domain/money';
import type { DeliveryFailureReason } from '../domain/delivery-proof';
import type { Receipt, ReceiptLine, ReceiptLineKind } from '../domain/receipt';
import { DELIVERY_FAILURE_TEXT } from './delivery-failure-text';

/** The names of a receipt's lines in the e-mail (English, as the platform's other messages; the page speaks the reader's language). */
const LINE_NAMES: Record<ReceiptLineKind, string> = {
  base: 'Base fare', distance: 'Distance', time: 'Time', parcel: 'Parcel', option: 'Option', minimum: 'Minimum fare top-up',
  fare: 'Fare', zone: 'Zone fee', return: 'Return to the sender', fee: 'Convenience fee', discount: 'Promo discount', tip: 'Tip',
};
/** A line's detail as the e-mail words it: a return's reason in words, else the name it carries. */
const detailOf = (l: ReceiptLine) => (l.kind === 'return' && l.detail ? DELIVERY_FAILURE_TEXT[l.detail as DeliveryFailureReason] ?? l.detail : l.detail);
const PAYMENT_NAMES = { cash: 'Cash', wallet: 'Wallet', card: 'Card' } as const;

/** A completed trip's receipt as a plain-text e-mail: the same lines and totals as the receipt page. */
export function renderReceiptEmail(r: Receipt, opts: { timeZone?: string; link?: string } = {}): { subject: string; text: string } {
  const money = (minor: number) => formatMoney(minor, r.currency.symbol);
  const when = new Date(r.completedAt ?? r.tripDate).toLocaleString('en-GB', { timeZone: opts.timeZone ?? 'UTC', dateStyle: 'medium', timeStyle: 'short' });
  const width = 28;
  const row = (label: string, amount: string) => `${label.padEnd(width)} ${amount.padStart(12)}`;
  const lines = r.lines.map((l) => row(`${LINE_NAMES[l.kind]}${detailOf(l) ? ` (${detailOf(l)})` : ''}`, money(l.amount)));
  const paidBy = r.payment.mode ? `${PAYMENT_NAMES[r.payment.mode]}${r.payment.gateway ? ` (${r.payment.gateway})` : ''}` : '';
  const text = [
    `${r.company.name}: your ${r.mode === 'delivery' ? 'delivery' : 'trip'} receipt`,
    '',
    `Booking ${r.bookingId}, ${when}`,
    `From: ${r.pickupAddress}`,
    `To: ${r.dropAddress}`,
    `${r.distance} ${r.distanceUnit}, ${Math.round(r.durationSeconds / 60)} min${r.estimated ? ' (estimated at booking)' : ''}, ${r.carType}`,
    ...(r.driver ? [`Driver: ${r.driver}${r.vehicleNumber ? `, ${r.vehicleNumber}` : ''}`] : []),
    '',
    ...lines,
    '-'.repeat(width + 13),
    row('Total paid', money(r.total)),
    ...(paidBy ? [`Paid by: ${paidBy}`] : []),
    ...(r.tip && r.payment.tipMode ? [`Tip paid by: ${PAYMENT_NAMES[r.payment.tipMode]}${r.payment.tipGateway ? ` (${r.payment.tipGateway})` : ''}`] : []),
    ...(opts.link ? ['', `Printable receipt: ${opts.link}`] : []),
    '',
    [r.company.name, r.company.address, r.company.website, r.company.email].filter(Boolean).join(' · '),
  ].join('\n');
  return { subject: `Your ${r.company.appName || r.company.name} receipt for booking ${r.bookingId}`, text };
}
