/**
 * The messages the platform sends users (spec §4 "notified"), in English: the server writes the
 * rendered text with each message, and the key (`kind`) so a client can show it in its own
 * language. `{{name}}` placeholders are filled from the message's values.
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

/** How a notification names a driver document and its problem (English, as the notification text is). */
export const DOCUMENT_NAMES = { licence: 'driving licence', insurance: 'insurance', registration: 'vehicle registration' } as const;
export const DOCUMENT_PROBLEMS = { missing: 'missing', unverified: 'not verified yet', rejected: 'rejected', expired: 'expired' } as const;

export function renderNotification(kind: NotificationKind, values: Record<string, string | number>): { title: string; body: string } {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
  const n = NOTIFICATIONS[kind];
  return { title: fill(n.title), body: fill(n.body) };
}
