import type { BookingStatus } from '../../../shared/src/domain/booking-status';
import { smsNumber } from '../../../shared/src/domain/sms-number';
import { logger } from '../observability/logger';
import type { PushClaims } from '../ports/push';
import type { SmsSender } from '../ports/sms';
import type { TripLinkStore } from '../ports/trip-links';
import { mintTripLink } from './share-trip';

export interface RecipientLinkDeps {
  claims: PushClaims;
  tripLinks: TripLinkStore;
  hash: (token: string) => string;
  now: () => Date;
  sms: () => SmsSender;
  siteUrl: () => string | undefined;
  appName: () => Promise<string>;
}

/**
 * A delivery booking's recipient is sent a link to follow the parcel when a driver takes it
 * (ACCEPTED): before that there is no driver, car or position to follow, and a Book Later parcel
 * may wait hours. Moving into ACCEPTED is what triggers it, from the booking's own stream record.
 */
export function recipientLinkDue(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): string | undefined {
  const phone = after?.deliveryPersonPhone;
  if (typeof phone !== 'string' || !phone.trim()) return undefined;
  const was = before?.status as BookingStatus | undefined;
  if (after?.status !== 'ACCEPTED' || was === 'ACCEPTED') return undefined;
  // The phone as the rider typed it, in the rider's country when it has no "+".
  const to = smsNumber(phone, typeof after.customer_contact === 'string' ? after.customer_contact : undefined);
  if (!to) logger.warn('the recipient\'s phone is not a number an SMS can reach: no trip link sent', { bookingId: String(after.id ?? '') });
  return to;
}

/**
 * Exactly once per booking however often the record arrives, with the push's claims (one per
 * delivery and address): the claim is taken before the link is made and the SMS sent, settled
 * after; a failure releases it so the retried record sends, and the link a failed send made is
 * replaced by the retry's. A second driver accepting after a give-up finds the claim settled.
 */
export async function sendRecipientTripLink(deps: RecipientLinkDeps, bookingId: string, phone: string): Promise<boolean> {
  const site = deps.siteUrl();
  if (!site) {
    logger.warn('no SITE_URL: the recipient\'s trip link is not sent', { bookingId });
    return false;
  }
  const delivery = `TRIPLINK#${bookingId}`;
  if ((await deps.claims.take(delivery, phone)) !== 'taken') return false;
  try {
    const link = await mintTripLink(deps, bookingId, 'recipient');
    await deps.sms().send(phone, `${await deps.appName()}: a driver is on the way with your parcel. Follow it here: ${site}${link.path}`);
  } catch (e) {
    await deps.claims.release(delivery, phone);
    throw e;
  }
  await deps.claims.settle(delivery, phone, 'sent');
  return true;
}
