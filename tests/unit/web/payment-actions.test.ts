import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from '../../../shared/src/domain/booking-status';
import { isBookingPaid, paymentActions, paymentRefusal, type PaymentPath } from '../../../shared/src/domain/booking-payment';
import { payActionState } from '../../../web/src/pages/bookings/pay-action';

const rider = { role: 'rider' as const, criticalEdits: true };
const NONE = { wallet: false, card: false, ahead: false };

/**
 * Issue 19 item 1, the web's side: the trip view, the booking-made dialog and the bookings table
 * decide their payment buttons from the server's own rule, so a prepaid or paid booking never
 * offers one (a prepaid delivery at REACHED showed "Pay from wallet").
 */
describe('payment buttons follow the payment rule', () => {
  it('a prepaid booking offers no payment at any status', () => {
    for (const status of BOOKING_STATUSES) {
      expect({ status, actions: paymentActions({ status, prepaid: true }, rider) }).toEqual({ status, actions: NONE });
      expect(payActionState({ status, prepaid: true }, rider)).toEqual({ enabled: false, reasonKey: 'booking_already_paid' });
    }
  });

  it('a paid or closed booking offers none', () => {
    for (const status of ['PAID', 'COMPLETE'] as BookingStatus[]) {
      expect(paymentActions({ status }, rider)).toEqual(NONE);
      expect(payActionState({ status }, rider)).toEqual({ enabled: false, reasonKey: 'booking_already_paid' });
    }
  });

  it('an unpaid booking offers what its status waits for, to its rider, outside demo mode', () => {
    expect(paymentActions({ status: 'REACHED' }, rider)).toEqual({ wallet: true, card: false, ahead: false });
    expect(paymentActions({ status: 'PENDING' }, rider)).toEqual({ wallet: true, card: true, ahead: false });
    expect(paymentActions({ status: 'PAYMENT_PENDING' }, rider)).toEqual({ wallet: false, card: false, ahead: true });
    for (const status of ['NEW', 'ACCEPTED', 'ARRIVED', 'STARTED', 'CANCELLED'] as BookingStatus[]) expect(paymentActions({ status }, rider)).toEqual(NONE);
    expect(paymentActions({ status: 'PENDING' }, { role: 'rider', criticalEdits: false })).toEqual(NONE);
    expect(paymentActions({ status: 'PENDING' }, { role: 'admin', criticalEdits: true })).toEqual(NONE);
  });

  it('a parcel at the drop offers no wallet payment before its proof of delivery, nor while its failed delivery is on the way back', () => {
    expect(paymentActions({ status: 'REACHED', deliveryCode: '123456' }, rider)).toEqual(NONE);
    expect(paymentActions({ status: 'REACHED', deliveryCodeRequired: true }, rider)).toEqual(NONE);
    expect(paymentActions({ status: 'REACHED', deliveryProof: { outcome: 'failed' } }, rider)).toEqual(NONE);
    expect(paymentActions({ status: 'REACHED', deliveryCode: '123456', deliveryProof: { outcome: 'delivered' } }, rider).wallet).toBe(true);
    expect(paymentActions({ status: 'REACHED', deliveryProof: { outcome: 'failed', returnedAt: 1 } }, rider).wallet).toBe(true);
  });

  it('the bookings table says why Pay now is off', () => {
    expect(payActionState({ status: 'PENDING' }, rider)).toEqual({ enabled: true });
    expect(payActionState({ status: 'PAYMENT_PENDING' }, rider)).toEqual({ enabled: true });
    expect(payActionState({ status: 'REACHED' }, rider)).toEqual({ enabled: false, reasonKey: 'pay_not_due' });
    expect(payActionState({ status: 'PENDING' }, { role: 'rider', criticalEdits: false })).toEqual({ enabled: false, reasonKey: 'demo_mode' });
    expect(payActionState(undefined, rider)).toEqual({ enabled: true });
  });

  it('the server rule: every path refuses a paid booking with one key', () => {
    const paths: PaymentPath[] = ['wallet', 'card', 'checkout', 'provider', 'cash', 'later'];
    for (const status of BOOKING_STATUSES) {
      for (const path of paths) {
        if (isBookingPaid({ status, prepaid: true })) expect(paymentRefusal({ status, prepaid: true }, path)).toBe('booking_already_paid');
      }
    }
    for (const path of paths) {
      expect(paymentRefusal({ status: 'PAID' }, path)).toBe('booking_already_paid');
      expect(paymentRefusal({ status: 'COMPLETE' }, path)).toBe('booking_already_paid');
    }
    expect(paymentRefusal({ status: 'STARTED' }, 'wallet')).toBe('not_payable');
    expect(paymentRefusal({ status: 'REACHED' }, 'wallet')).toBeUndefined();
  });
});
