import { describe, expect, it } from 'vitest';
import { cancellationFee, minutesBetween } from '../../../shared/src/domain/cancellation-fee';
import { earningsAddition, earningsPeriods } from '../../../shared/src/domain/earnings';
import { settlementMovements } from '../../../shared/src/domain/trip-settlement';
import { balanceOf, foldByWallet, isValidMovement, needsCover, signedAmount, type WalletMovement } from '../../../shared/src/domain/wallet-ledger';

describe('cancellation slab fee (issue: rider cancelling after acceptance)', () => {
  const slabs = [{ minsDelayed: 15, amount: 500 }, { minsDelayed: 5, amount: 200 }];
  it.each([
    [0, 0], [4, 0], [5, 200], [14, 200], [15, 500], [600, 500],
  ])('%i minutes after acceptance → %i', (minutes, fee) => {
    expect(cancellationFee(slabs, minutes)).toBe(fee);
  });
  it('no slabs, no fee; minutes are whole and never negative', () => {
    expect(cancellationFee(undefined, 30)).toBe(0);
    expect(cancellationFee([], 30)).toBe(0);
    expect(minutesBetween(0, 59_999)).toBe(0);
    expect(minutesBetween(0, 60_000)).toBe(1);
    expect(minutesBetween(10_000, 0)).toBe(0);
  });
});

describe('§4 PAID settlement', () => {
  const trip = { id: 'b1', driver: 'd', customer: 'c', trip_cost: 1200, driver_share: 1000 };
  it('cash: the driver is credited the share and debited the cash taken; the rider is not touched', () => {
    const s = settlementMovements(trip, 'cash');
    expect(s.movements.map((m) => [m.uid, m.type, m.amount, m.reason])).toEqual([['d', 'Credit', 1000, 'TripShare'], ['d', 'Debit', 1200, 'CashCollected']]);
    expect(s).toMatchObject({ customerPaid: 1200, cashPaymentAmount: 1200, usedWalletMoney: 0, cardPaymentAmount: 0 });
    expect(balanceOf(s.movements)).toBe(-200);
  });
  it('wallet: the rider pays the trip cost less the discount, the driver gets the share', () => {
    const s = settlementMovements({ ...trip, discount: 200 }, 'wallet');
    expect(s.movements.map((m) => [m.uid, m.type, m.amount])).toEqual([['c', 'Debit', 1000], ['d', 'Credit', 1000]]);
    expect(s.usedWalletMoney).toBe(1000);
  });
  it('card (a provider or prepaid): only the share moves', () => {
    expect(settlementMovements(trip, 'card').movements.map((m) => m.reason)).toEqual(['TripShare']);
  });
  it('txRefs come from the booking, so a replay is the same movement', () => {
    expect(settlementMovements(trip, 'cash').movements.map((m) => m.txRef)).toEqual(settlementMovements(trip, 'cash').movements.map((m) => m.txRef));
    expect(new Set(settlementMovements(trip, 'cash').movements.map((m) => m.txRef)).size).toBe(2);
  });
});

describe('wallet ledger', () => {
  const m = (uid: string, type: WalletMovement['type'], amount: number, reason: WalletMovement['reason'] = 'TripPayment'): WalletMovement => ({ uid, type, amount, reason, txRef: `${uid}-${type}-${amount}` });
  it('signs and validates movements', () => {
    expect(signedAmount(m('a', 'Credit', 5))).toBe(5);
    expect(signedAmount(m('a', 'Debit', 5))).toBe(-5);
    expect(signedAmount(m('a', 'Withdraw', 5))).toBe(-5);
    expect(isValidMovement(m('a', 'Credit', 1))).toBe(true);
    for (const amount of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(isValidMovement(m('a', 'Credit', amount))).toBe(false);
  });
  it('debits need cover except the cash a driver already holds', () => {
    expect(needsCover(m('a', 'Debit', 5))).toBe(true);
    expect(needsCover(m('a', 'Withdraw', 5))).toBe(true);
    expect(needsCover(m('a', 'Credit', 5))).toBe(false);
    expect(needsCover(m('a', 'Debit', 5, 'CashCollected'))).toBe(false);
  });
  it('folds movements per wallet: net change, and the balance needed beforehand', () => {
    const folds = foldByWallet([m('d', 'Credit', 1000, 'TripShare'), m('d', 'Debit', 1200, 'CashCollected'), m('c', 'Debit', 700), m('x', 'Credit', 10), m('x', 'Debit', 30, 'CancellationFee')]);
    expect(folds.get('d')).toEqual({ delta: -200, need: 0 });
    expect(folds.get('c')).toEqual({ delta: -700, need: 700 });
    expect(folds.get('x')).toEqual({ delta: -20, need: 20 });
  });
});

describe('earnings aggregates', () => {
  it('what one PAID booking adds: ride cost is trip cost less the fee; customer paid less the discount', () => {
    expect(earningsAddition({ trip_cost: 1200, convenience_fees: 200, driver_share: 1000, discount: 100 })).toEqual({
      tripCost: 1200, rideCost: 1000, convenienceFee: 200, discount: 100, driverShare: 1000, customerPaid: 1100, bookings: 1, feeBookings: 1,
    });
    expect(earningsAddition({ trip_cost: 1000, convenience_fees: 0, driver_share: 1000 }).feeBookings).toBe(0);
  });
  it('files a booking under its trip date (§9), in the given zone', () => {
    const ms = Date.UTC(2026, 0, 31, 23, 30);
    expect(earningsPeriods(ms)).toEqual({ day: '2026-01-31', month: '2026-01' });
    expect(earningsPeriods(ms, 'Asia/Tokyo')).toEqual({ day: '2026-02-01', month: '2026-02' });
  });
});
