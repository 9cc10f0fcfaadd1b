import { describe, expect, it } from 'vitest';
import { earningsAddition, tipAddition } from '../../../shared/src/domain/earnings';
import { buildReceipt, type ReceiptBooking } from '../../../shared/src/domain/receipt';
import {
  maxTip, TIP_ABSOLUTE_MAX, TIP_FIXED_CAP, TIP_WINDOW_MS, tipMovements, tipPresets, tipRefusal, type TippableBooking,
} from '../../../shared/src/domain/tips';
import { balanceOf, foldByWallet } from '../../../shared/src/domain/wallet-ledger';

const NOW = Date.UTC(2026, 10, 27, 12);
const paid: TippableBooking = { id: 'b1', status: 'PAID', customer: 'rider', driver: 'driver', trip_cost: 20_00, tripdate: NOW - 3_600_000, trip_end_time: NOW - 600_000 };

describe('tip limits', () => {
  it('the largest tip is the larger of the fixed cap and twice the trip\'s price, never above the absolute maximum', () => {
    expect(maxTip(0)).toBe(TIP_FIXED_CAP);
    expect(maxTip(10_00)).toBe(50_00);
    expect(maxTip(25_00)).toBe(50_00);
    expect(maxTip(40_00)).toBe(80_00);
    expect(maxTip(5_000_00)).toBe(TIP_ABSOLUTE_MAX);
  });

  it('only the booking\'s rider, once the trip is paid or complete, once, within 30 days, a positive amount within the limit', () => {
    expect(tipRefusal(paid, 'rider', 5_00, NOW)).toBeUndefined();
    expect(tipRefusal({ ...paid, status: 'COMPLETE' }, 'rider', 5_00, NOW)).toBeUndefined();
    expect(tipRefusal(paid, 'someone-else', 5_00, NOW)).toBe('not_yours');
    // A stranger hears "not yours" whatever else is wrong.
    expect(tipRefusal({ ...paid, status: 'NEW' }, 'someone-else', 0, NOW)).toBe('not_yours');
    for (const status of ['PAYMENT_PENDING', 'NEW', 'ACCEPTED', 'ARRIVED', 'STARTED', 'REACHED', 'PENDING', 'CANCELLED']) {
      expect(tipRefusal({ ...paid, status }, 'rider', 5_00, NOW), status).toBe('tip_not_ready');
    }
    expect(tipRefusal({ ...paid, driver: undefined }, 'rider', 5_00, NOW)).toBe('tip_not_ready');
    expect(tipRefusal({ ...paid, tip: 1_00 }, 'rider', 5_00, NOW)).toBe('tip_already_added');
    expect(tipRefusal(paid, 'rider', 5_00, paid.trip_end_time! + TIP_WINDOW_MS)).toBeUndefined();
    expect(tipRefusal(paid, 'rider', 5_00, paid.trip_end_time! + TIP_WINDOW_MS + 1)).toBe('tip_window_closed');
    expect(tipRefusal(paid, 'rider', 0, NOW)).toBe('tip_amount_invalid');
    expect(tipRefusal(paid, 'rider', -1, NOW)).toBe('tip_amount_invalid');
    expect(tipRefusal(paid, 'rider', 1.5, NOW)).toBe('tip_amount_invalid');
    expect(tipRefusal(paid, 'rider', 50_00, NOW)).toBeUndefined();
    expect(tipRefusal(paid, 'rider', 50_01, NOW)).toBe('tip_too_large');
  });
});

describe('tip money', () => {
  it('a wallet tip debits the rider and credits the driver the whole amount under one txRef per booking; a card tip only credits the driver', () => {
    const wallet = tipMovements({ id: 'b1', customer: 'rider', driver: 'driver' }, 3_50, 'wallet');
    expect(wallet).toEqual([
      { uid: 'rider', type: 'Debit', amount: 3_50, reason: 'Tip', txRef: 'booking:b1:tip', bookingId: 'b1' },
      { uid: 'driver', type: 'Credit', amount: 3_50, reason: 'Tip', txRef: 'booking:b1:tip', bookingId: 'b1' },
    ]);
    // The rider's debit needs cover; the driver's credit does not; no money is made or lost.
    expect(foldByWallet(wallet).get('rider')).toEqual({ delta: -3_50, need: 3_50 });
    expect(foldByWallet(wallet).get('driver')).toEqual({ delta: 3_50, need: 0 });
    expect(balanceOf(wallet)).toBe(0);
    expect(tipMovements({ id: 'b1', customer: 'rider', driver: 'driver' }, 3_50, 'card')).toEqual([
      { uid: 'driver', type: 'Credit', amount: 3_50, reason: 'Tip', txRef: 'booking:b1:tip', bookingId: 'b1' },
    ]);
  });

  it('a tip adds to the earnings\' tips alone: no fee, share, payment or booking count', () => {
    expect(tipAddition(4_00)).toEqual({ tips: 4_00 });
    // The PAID step's addition carries no tip: the two never overlap.
    expect(Object.keys(earningsAddition({ trip_cost: 10_00, convenience_fees: 1_00, driver_share: 9_00 }))).not.toContain('tips');
  });

  it('presets are about 10, 15 and 20 % in whole units, distinct, at least 1, 2 and 3, within the trip\'s limit', () => {
    expect(tipPresets(9_60)).toEqual([1_00, 2_00, 3_00]);
    expect(tipPresets(40_00)).toEqual([4_00, 6_00, 8_00]);
    expect(tipPresets(33_00)).toEqual([4_00, 5_00, 7_00]);
    for (const cost of [0, 1, 99, 12_34, 250_00, 100_000_00]) {
      const p = tipPresets(cost);
      expect(new Set(p).size).toBe(p.length);
      for (const v of p) expect(v <= maxTip(cost) && v % 100 === 0 && v > 0).toBe(true);
    }
  });
});

describe('a tip on the receipt', () => {
  const booking: ReceiptBooking = {
    id: 'b1', status: 'COMPLETE', carType: 'Economy', tripdate: NOW, pickupAddress: 'A', dropAddress: 'B', estimateDistance: 3, distanceUnit: 'km',
    estimateTime: 600, trip_cost: 11_00, convenience_fees: 1_00, payment_mode: 'cash', cashPaymentAmount: 11_00, customer_name: 'Rita',
  };
  const issuer = { appName: 'App', CompanyName: 'Co', CompanyWebsite: 'https://co.example', contact_email: 'a@co.example', symbol: '$', code: 'USD' };

  it('is its own line outside the fare and fee, adds to the total, and says how it was paid', () => {
    const r = buildReceipt({ ...booking, tip: 2_50, tip_mode: 'card', tip_gateway: 'paypal' }, issuer);
    expect(r.lines.at(-1)).toEqual({ kind: 'tip', amount: 2_50 });
    expect(r.lines.find((l) => l.kind === 'fee')).toEqual({ kind: 'fee', amount: 1_00 });
    expect(r).toMatchObject({ subtotal: 11_00, tip: 2_50, total: 13_50, payment: { mode: 'cash', cash: 11_00, tipMode: 'card', tipGateway: 'paypal' } });
    expect(r.lines.reduce((s, l) => s + l.amount, 0)).toBe(r.total);
  });

  it('shows no tip line, tip or tip payment on a booking without one', () => {
    const r = buildReceipt(booking, issuer);
    expect(r.lines.map((l) => l.kind)).not.toContain('tip');
    expect(r.tip).toBeUndefined();
    expect(r.payment.tipMode).toBeUndefined();
    expect(r.total).toBe(11_00);
  });
});
