/**
 * Where a push notification's click leads: the page its kind is about. The pushes carry their
 * kind and booking (lambdas/src/adapters/notifier/push-notifier.ts), not a path, so one app
 * decides its own pages. Only the service worker imports this file: a module the app shares
 * would become a chunk the worker cannot load, so the trip's address is spelled out here (a unit
 * test holds it to `tripHref`).
 */
export function notificationTarget(data: Readonly<Record<string, unknown>>): string {
  if (typeof data.path === 'string' && data.path.startsWith('/') && !data.path.startsWith('//')) return data.path;
  const kind = typeof data.kind === 'string' ? data.kind : '';
  // Offers live on the driver console, where they are answered.
  if (OFFER_KINDS.has(kind)) return CONSOLE_PATH;
  if (WALLET_KINDS.has(kind)) return '/wallet';
  // Driver documents are uploaded and followed on the profile.
  if (DOCUMENT_KINDS.has(kind)) return '/profile';
  if (typeof data.bookingId === 'string' && data.bookingId !== '') return `/trip?id=${encodeURIComponent(data.bookingId)}`;
  return CONSOLE_PATH;
}

/** The driver console, and a rider's bookings: where a notification about nothing in particular leads. */
export const CONSOLE_PATH = '/bookings';
const OFFER_KINDS = new Set(['new_booking', 'booking_assigned', 'offer_withdrawn']);
/** Money moved in or out of the wallet: its history shows the line (a driver's withdrawals too; /withdraws is the admin's). */
const WALLET_KINDS = new Set(['wallet_credited', 'wallet_topped_up', 'payment_credited', 'booking_refunded', 'share_credited', 'referral_bonus_new', 'referral_bonus_referrer', 'withdraw_processed', 'tip_received']);
/** Driver documents: a reminder, a review, or going offline for one. */
const DOCUMENT_KINDS = new Set(['document_expiring', 'document_verified', 'document_rejected', 'driver_offline_documents']);
