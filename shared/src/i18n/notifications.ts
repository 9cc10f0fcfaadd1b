import { formatMoney, formatMoneyIn } from '../domain/money';

/**
 * The messages the platform sends users (spec §4 "notified"), in English: the server writes the
 * rendered text with each message, and its key (`kind`) and values, so that each device and
 * browser shows it in its own language (`notifications-es.ts`, `localized-notification.ts`).
 * `{{name}}` placeholders are filled from the message's values.
 */
export const NOTIFICATIONS = {
  new_booking: { title: 'New booking', body: 'A new booking is waiting for you: {{pickup}} → {{drop}}.' },
  booking_assigned: { title: 'New booking', body: 'An administrator assigned you booking {{id}}: {{pickup}} → {{drop}}.' },
  booking_cancelled: { title: 'Booking cancelled', body: 'Booking {{id}} was cancelled: {{reason}}' },
  offer_withdrawn: { title: 'Booking no longer available', body: 'Booking {{id}} was cancelled before anyone accepted it.' },
  no_driver_found: { title: 'No driver found', body: 'We could not find a driver for booking {{id}}. Please book again.' },
  booking_accepted: { title: 'Driver on the way', body: '{{driver}} ({{vehicle}}) accepted booking {{id}} and is heading to {{pickup}}.' },
  driver_released: { title: 'Finding you another driver', body: 'Your driver could not make it to booking {{id}}. We are finding you another driver.' },
  driver_arrived: { title: 'Your driver is here', body: '{{driver}} has arrived at {{pickup}}.' },
  trip_started: { title: 'Trip started', body: 'Booking {{id}} is on its way to {{drop}}.' },
  trip_reached: { title: 'You have arrived', body: 'Booking {{id}} reached {{drop}}. Fare: {{fare}}.' },
  payment_due: { title: 'Payment due', body: 'Please pay {{fare}} for booking {{id}} with Pay now.' },
  booking_paid: { title: 'Payment received', body: 'Booking {{id}} is paid: {{fare}} ({{mode}}).' },
  share_credited: { title: 'Trip paid', body: 'Booking {{id}} is paid ({{mode}}). Your share of {{share}} is in your wallet.' },
  trip_rated: { title: 'New rating', body: 'The rider rated booking {{id}} {{rating}} of 5.' },
  wallet_credited: { title: 'Wallet credited', body: 'An administrator added {{amount}} to your wallet.' },
  trip_cancelled: { title: 'Trip cancelled', body: 'Booking {{id}} was cancelled by the {{by}}: {{reason}}{{fee}}' },
  booking_prepaid: { title: 'Payment received', body: 'Booking {{id}} is paid ({{fare}}). We are finding you a driver.' },
  wallet_topped_up: { title: 'Wallet topped up', body: '{{amount}} was added to your wallet.' },
  payment_credited: { title: 'Payment kept as credit', body: 'Your payment of {{amount}} arrived after booking {{id}} no longer needed it, so it is in your wallet.' },
  payment_declined: { title: 'Payment declined', body: 'The payment of {{amount}} was declined by {{provider}}.' },
  booking_refunded: { title: 'Payment refunded', body: 'Booking {{id}} was cancelled; {{amount}} is back in your wallet.' },
  withdraw_processed: { title: 'Withdrawal processed', body: 'Your withdrawal of {{amount}} has been processed.' },
  referral_bonus_new: { title: 'Referral bonus', body: 'Your first trip is paid, so the referral bonus of {{amount}} was added to your wallet.' },
  // Trip chat: a line from the other party reaches a phone or a backgrounded console as a push.
  chat_message: { title: 'New message from your {{from}}', body: '{{message}}' },
  // Tips: the driver hears of the rider's tip as it lands in their wallet.
  tip_received: { title: 'You got a {{amount}} tip', body: 'Your rider on booking {{id}} added a tip of {{amount}}. It is all yours and already in your wallet.' },
  // Driver documents: reminders before expiry, a review's outcome, and going offline for a document.
  document_expiring: { title: 'Your {{document}} expires in {{days}} days', body: 'Your {{document}} expires on {{date}}. Upload the renewed one on your profile so you can keep driving.' },
  document_verified: { title: 'Document verified', body: 'Your {{document}} was verified.' },
  document_rejected: { title: 'Document rejected', body: 'Your {{document}} was rejected: {{reason}}. Upload it again on your profile.' },
  driver_offline_documents: { title: 'You are offline', body: 'You were set offline: your {{document}} is {{problem}}. Upload it on your profile; you can go online once it is verified.' },
  // Stops: the rider (or the sender of a parcel) hears each stop made, with what comes next.
  stop_reached: { title: 'Stop {{stop}} of {{stops}} reached', body: 'Booking {{id}} reached {{address}}. Next: {{next}}.' },
  // Proof of delivery: the sender hears how the parcel was handed over, or that it is coming back.
  parcel_delivered: { title: 'Parcel delivered', body: 'Booking {{id}} was delivered at {{drop}}{{how}}.' },
  parcel_returning: { title: 'Parcel coming back', body: 'Booking {{id}} could not be delivered ({{reason}}). It is on its way back to {{pickup}}; the return costs {{fare}}.' },
  parcel_returned: { title: 'Parcel returned', body: 'Booking {{id}} is back at {{pickup}}.' },
  referral_bonus_referrer: { title: 'Referral bonus', body: '{{name}}, who signed up with your referral id, has had a first trip paid, so {{amount}} was added to your wallet.' },
} as const satisfies Record<string, { title: string; body: string }>;
export type NotificationKind = keyof typeof NOTIFICATIONS;

/** Reasons the system writes on a booking it cancels itself (spec §3 reason). */
export const SYSTEM_REASONS = {
  no_driver_accepted: 'No driver accepted the booking.',
  booking_not_taken_in_time: 'No driver took the booking by its trip time.',
  /** Spec §4 Admin actions: PAYMENT_PENDING bookings are cancelled with a fixed reason. */
  incomplete_booking: 'The booking was not completed: payment was not made.',
} as const;

/**
 * A value a notification names by a code, worded in the reader's language when the text is
 * rendered (a document, who cancelled, how a trip was paid, why a parcel came back): the message
 * keeps the code, so each reader (a phone, a browser) words it in its own language.
 */
export const TERMS = {
  doc_licence: 'driving licence', doc_insurance: 'insurance', doc_registration: 'vehicle registration',
  doc_missing: 'missing', doc_unverified: 'not verified yet', doc_rejected: 'rejected', doc_expired: 'expired',
  party_rider: 'rider', party_driver: 'driver', party_admin: 'admin', party_operator: 'operator', party_trip: 'trip',
  pay_cash: 'cash', pay_wallet: 'wallet', pay_card: 'card', pay_prepaid: 'prepaid',
  failure_recipient_absent: 'recipient absent', failure_refused: 'refused by the recipient', failure_address_wrong: 'wrong address', failure_damaged: 'damaged',
  cancel_fee: ' A cancellation fee of {{amount}} applies.',
  delivered_with_code: ' with the recipient\'s code',
  delivered_left_with: ', left with {{name}}',
} as const;
export type TermKey = keyof typeof TERMS;
/** An amount of money (minor units) and the currency symbol: its digits are written as the reader's language writes them. */
export interface NotificationMoney { money: number; symbol: string }
export interface NotificationTerm { term: TermKey; values?: Record<string, string | number | NotificationMoney> }
export type NotificationValue = string | number | NotificationMoney | NotificationTerm;
export type NotificationValues = Record<string, NotificationValue>;

/** A value worded in the reader's language: `term('doc_licence')`. */
export const term = (key: TermKey, values?: NotificationTerm['values']): NotificationTerm => ({ term: key, ...(values ? { values } : {}) });
/** Money in a message: `money(500, '$')` reads "$5.00" in English and "$5,00" in Spanish. */
export const money = (minor: number, symbol = ''): NotificationMoney => ({ money: minor, symbol });

/**
 * Fills `{{name}}` placeholders: a term is worded from `terms` (English when a language lacks it),
 * money written as `locale` writes numbers (the platform's own "$5.00" without one).
 */
export function fillNotification(text: string, values: Readonly<Record<string, unknown>>, terms: Readonly<Record<string, string>> = TERMS, locale?: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    const v = values[k];
    if (v === undefined || v === null) return '';
    if (typeof v === 'object') {
      const m = v as Partial<NotificationMoney>;
      if (typeof m.money === 'number') return locale ? formatMoneyIn(m.money / 100, m.symbol ?? '', locale) : formatMoney(m.money, m.symbol ?? '');
      const t = v as Partial<NotificationTerm>;
      const wording = typeof t.term === 'string' ? terms[t.term] ?? (TERMS as Record<string, string>)[t.term] : undefined;
      return wording === undefined ? '' : fillNotification(wording, t.values ?? {}, terms, locale);
    }
    return String(v);
  });
}

/**
 * The message's English text, kept with it (the inbox, and any reader without a language of its
 * own), and its values, from which a phone or a browser words it in its own language
 * (`localizedNotification`).
 */
export function renderNotification(kind: NotificationKind, values: NotificationValues): { title: string; body: string; values: NotificationValues } {
  const n = NOTIFICATIONS[kind];
  return { title: fillNotification(n.title, values), body: fillNotification(n.body, values), values };
}
