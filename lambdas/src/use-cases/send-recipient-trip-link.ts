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

/** Who a parcel's text goes to, and the delivery code it carries when the booking has one. */
export interface RecipientText { phone: string; deliveryCode?: string }

/**
 * A delivery booking's recipient is sent a link to follow the parcel, and its delivery code
 * (domain/delivery-proof), when a driver takes it (ACCEPTED): before that there is no driver, car
 * or position to follow, and a Book Later parcel may wait hours. Moving into ACCEPTED is what
 * triggers it, from the booking's own stream record.
 */
export async function recipientLinkDue(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): Promise<RecipientText | undefined> {
  const phone = after?.deliveryPersonPhone;
  if (typeof phone !== 'string' || !phone.trim()) return undefined;
  const was = before?.status as BookingStatus | undefined;
  if (after?.status !== 'ACCEPTED' || was === 'ACCEPTED') return undefined;
  // The phone as the rider typed it, in the rider's country when it has no "+".
  const to = await smsNumber(phone, typeof after.customer_contact === 'string' ? after.customer_contact : undefined);
  if (!to) {
    logger.warn('the recipient\'s phone is not a number an SMS can reach: no trip link or delivery code sent', { bookingId: String(after.id ?? '') });
    return undefined;
  }
  return { phone: to, ...(typeof after.deliveryCode === 'string' ? { deliveryCode: after.deliveryCode } : {}) };
}

/**
 * Exactly once per booking however often the record arrives, with the push's claims (one per
 * delivery and address): the claim is taken before the link is made and the SMS sent, settled
 * after; a failure releases it so the retried record sends, and the link a failed send made is
 * replaced by the retry's. A second driver accepting after a give-up finds the claim settled.
 * Without a site address there is no link, but a delivery code is still texted: the drop needs it.
 */
export async function sendRecipientTripLink(deps: RecipientLinkDeps, bookingId: string, to: RecipientText): Promise<boolean> {
  const site = deps.siteUrl();
  if (!site) logger.warn('no SITE_URL: the recipient\'s trip link is not sent', { bookingId });
  if (!site && !to.deliveryCode) return false;
  const delivery = `TRIPLINK#${bookingId}`;
  if ((await deps.claims.take(delivery, to.phone)) !== 'taken') return false;
  try {
    const follow = site ? ` Follow it here: ${site}${(await mintTripLink(deps, bookingId, 'recipient')).path}` : '';
    const code = to.deliveryCode ? ` Your delivery code is ${to.deliveryCode}: give it to the driver only when you have the parcel.` : '';
    await deps.sms().send(to.phone, `${await deps.appName()}: a driver is on the way with your parcel.${code}${follow}`);
  } catch (e) {
    await deps.claims.release(delivery, to.phone);
    throw e;
  }
  await deps.claims.settle(delivery, to.phone, 'sent');
  return true;
}
