import { describe, expect, it } from 'vitest';
import { canVisit } from '../../../shared/src/domain/permissions';
import { NOTIFICATIONS, type NotificationKind } from '../../../shared/src/i18n/notifications';
import { notificationTarget } from '../../../web/src/features/driver-app/notification-target';
import { tripHref } from '../../../web/src/features/trip/trip-href';

/** Who receives each kind: drivers get offers, shares and ratings; riders the rest; both chat. */
const DRIVER_KINDS: readonly NotificationKind[] = ['new_booking', 'booking_assigned', 'offer_withdrawn', 'share_credited', 'trip_rated', 'withdraw_processed', 'wallet_credited', 'chat_message', 'trip_cancelled', 'referral_bonus_referrer', 'tip_received', 'document_expiring', 'document_verified', 'document_rejected', 'driver_offline_documents'];

describe('where a push notification\'s click leads', () => {
  it('offers open the driver console, a trip\'s news that trip, money the wallet', () => {
    expect(notificationTarget({ kind: 'new_booking', bookingId: 'b1' })).toBe('/bookings');
    expect(notificationTarget({ kind: 'offer_withdrawn', bookingId: 'b1' })).toBe('/bookings');
    expect(notificationTarget({ kind: 'chat_message', bookingId: 'b 1' })).toBe(tripHref('b 1'));
    expect(notificationTarget({ kind: 'driver_arrived', bookingId: 'b1' })).toBe(tripHref('b1'));
    expect(notificationTarget({ kind: 'wallet_topped_up' })).toBe('/wallet');
    expect(notificationTarget({ kind: 'withdraw_processed' })).toBe('/wallet');
    expect(notificationTarget({ kind: 'broadcast', notificationId: 'n1' })).toBe('/bookings');
  });

  it('a path the push names wins, but never another site', () => {
    expect(notificationTarget({ kind: 'new_booking', path: '/wallet' })).toBe('/wallet');
    expect(notificationTarget({ kind: 'new_booking', path: '//evil.example/x' })).toBe('/bookings');
    expect(notificationTarget({ kind: 'new_booking', path: 'https://evil.example/' })).toBe('/bookings');
  });

  it.each(Object.keys(NOTIFICATIONS) as NotificationKind[])('%s leads to a page its recipient may open', (kind) => {
    const path = new URL(notificationTarget({ kind, bookingId: 'b1' }), 'https://site.example').pathname;
    const role = DRIVER_KINDS.includes(kind) ? 'driver' : 'rider';
    expect(canVisit(path, role), `${kind} → ${path} for a ${role}`).toBe(true);
  });
});
