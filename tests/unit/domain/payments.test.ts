import { describe, expect, it } from 'vitest';
import { checkoutFields, confirmationMismatch, gatewayAmount, parseGatewayAmount } from '../../../shared/src/domain/payments';
import { promoDiscount, type PromoTerms } from '../../../shared/src/domain/promo-rules';
import { refundMovements } from '../../../shared/src/domain/trip-settlement';
import { signTestGatewayNotice, testGateway } from '../../../lambdas/src/adapters/payments/test-gateway';

describe('gateway amounts', () => {
  it('prints exactly two decimals from minor units', () => {
    expect(gatewayAmount(1234)).toBe('12.34');
    expect(gatewayAmount(5)).toBe('0.05');
    expect(gatewayAmount(100000)).toBe('1000.00');
  });

  it('reads only plain decimal money', () => {
    expect(parseGatewayAmount('12.34')).toBe(1234);
    expect(parseGatewayAmount('12.3')).toBe(1230);
    expect(parseGatewayAmount('12')).toBe(1200);
    for (const bad of ['12.345', '-1.00', '1e3', 'NaN', 'Infinity', '1,000.00', ' 12.00', '', '0x10', '1234567890.00', undefined, 12.34, null]) {
      expect(parseGatewayAmount(bad as never), String(bad)).toBeUndefined();
    }
  });

  it('builds the spec §4 hidden fields', () => {
    expect(checkoutFields({ orderId: 'ord_1', amount: 990, currency: 'usd', productName: 'Booking X', customer: { id: 'u', firstName: 'A', lastName: 'B', mobile: '+1', email: 'a@b.c' } })).toEqual({
      order_id: 'ord_1', amount: '9.90', currency: 'USD', product_name: 'Booking X', first_name: 'A', last_name: 'B', quantity: '1', cust_id: 'u', mobile_no: '+1', email: 'a@b.c',
    });
  });

  it('matches a confirmation to its checkout on provider, amount and currency', () => {
    const s = { provider: 'paypal', amount: 1000, currency: 'USD' };
    expect(confirmationMismatch(s, 'paypal', { amount: 1000, currency: 'usd' })).toBeUndefined();
    expect(confirmationMismatch(s, 'stripe', { amount: 1000, currency: 'USD' })).toBe('provider');
    expect(confirmationMismatch(s, 'paypal', { amount: 999, currency: 'USD' })).toBe('amount');
    expect(confirmationMismatch(s, 'paypal', { amount: 1000, currency: 'EUR' })).toBe('currency');
  });
});

describe('promo discounts', () => {
  const base: PromoTerms = { promo_discount_type: 'percentage', promo_discount_value: 10, max_promo_discount_value: 5, min_order: 10, promo_validity: '2030-12-31', promo_usage_limit: 3, user_avail: 0 };
  it('percentages are capped by the maximum; flat amounts never exceed the order', () => {
    expect(promoDiscount(base, 2000, '2030-01-01')).toEqual({ ok: true, discount: 200 });
    expect(promoDiscount(base, 9000, '2030-01-01')).toEqual({ ok: true, discount: 500 });
    expect(promoDiscount({ ...base, max_promo_discount_value: 0 }, 9000, '2030-01-01')).toEqual({ ok: true, discount: 900 });
    expect(promoDiscount({ ...base, promo_discount_type: 'flat', promo_discount_value: 50, max_promo_discount_value: 0, min_order: 0 }, 1234, '2030-01-01')).toEqual({ ok: true, discount: 1234 });
  });
  it('refuses past its day, below its minimum order, and at its limit', () => {
    expect(promoDiscount(base, 2000, '2031-01-01')).toEqual({ ok: false, key: 'promo_out_of_date' });
    expect(promoDiscount(base, 2000, '2030-12-31')).toMatchObject({ ok: true });
    expect(promoDiscount(base, 999, '2030-01-01')).toEqual({ ok: false, key: 'promo_min_order' });
    expect(promoDiscount({ ...base, user_avail: 3 }, 2000, '2030-01-01')).toEqual({ ok: false, key: 'promo_exhausted' });
  });
});

describe('refunds of prepaid bookings', () => {
  it('credit what the rider paid, once per booking, and nothing for unpaid ones', () => {
    expect(refundMovements({ id: 'B', customer: 'r', prepaid: true, customer_paid: 1500 })).toEqual([
      { uid: 'r', type: 'Credit', amount: 1500, reason: 'Refund', txRef: 'booking:B:refund', bookingId: 'B' },
    ]);
    expect(refundMovements({ id: 'B', customer: 'r', prepaid: false, customer_paid: 1500 })).toEqual([]);
    expect(refundMovements({ id: 'B', customer: 'r', prepaid: true })).toEqual([]);
  });
});

describe('the test gateway\'s signatures', () => {
  const gateway = testGateway({ get: async () => 'key' });
  const body = JSON.stringify({ transaction_id: 'gtx_1', order_id: 'ord_1', amount: '10.00', currency: 'USD', status: 'approved' });
  const now = 1_800_000_000_000;
  it('verify a fresh signature over the exact body', async () => {
    const header = signTestGatewayNotice(body, 'key', now / 1000);
    expect(await gateway.verify(body, { 'x-gateway-signature': header }, now)).toEqual({ orderId: 'ord_1', amount: 1000, currency: 'USD', approved: true, providerRef: 'gtx_1' });
  });
  it('refuse another key, another body, an old or future time, and no signature', async () => {
    const refuse = (b: string, h: string | undefined, at = now) => expect(gateway.verify(b, { 'x-gateway-signature': h }, at)).rejects.toMatchObject({ code: 'invalid_signature' });
    await refuse(body, signTestGatewayNotice(body, 'other', now / 1000));
    await refuse(body.replace('10.00', '1.00'), signTestGatewayNotice(body, 'key', now / 1000));
    await refuse(body, signTestGatewayNotice(body, 'key', now / 1000 - 301));
    await refuse(body, signTestGatewayNotice(body, 'key', now / 1000 + 301));
    await refuse(body, undefined);
    await refuse(body, 't=abc,v1=zz');
  });
});
