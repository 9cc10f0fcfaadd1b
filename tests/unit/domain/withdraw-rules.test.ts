import { describe, expect, it } from 'vitest';
import { foldByWallet, needsCover } from '../../../shared/src/domain/wallet-ledger';
import { MAX_WITHDRAW_MINOR, parseWithdrawAmount, resolveBankDetails, withdrawTxRef } from '../../../shared/src/domain/withdraw-rules';

describe('withdraw amount (spec §6: above 0, two decimals at most, the strict money rule)', () => {
  it.each([
    [12, 1200], [12.5, 1250], [0.01, 1], ['12', 1200], ['12.5', 1250], ['12.50', 1250], ['0.10', 10], ['.5', 50], [1_000_000, MAX_WITHDRAW_MINOR], [0.1 + 0.2, 30],
  ])('takes %j as %i minor units', (amount, minor) => {
    expect(parseWithdrawAmount(amount)).toEqual({ ok: true, minor });
  });

  it.each([
    [0, 'not_positive'], [-5, 'negative'], ['-5', 'negative'], ['0.00', 'not_positive'], ['', 'not_money'], [' 12.50 ', 'not_money'],
    ['NaN', 'not_money'], [Number.NaN, 'not_money'], [Number.POSITIVE_INFINITY, 'not_money'], ['abc', 'not_money'],
    ['12abc', 'not_money'], ['1e3', 'not_money'], ['1,5', 'not_money'], ['12.', 'not_money'], [null, 'not_money'], [true, 'not_money'],
    ['1.005', 'too_many_decimals'], [1.005, 'too_many_decimals'], [0.001, 'too_many_decimals'],
    [1e12, 'too_large'], ['99999999999', 'too_large'], [1_000_000.01, 'too_large'],
  ])('refuses %j (%s)', (amount, reason) => {
    expect(parseWithdrawAmount(amount)).toEqual({ ok: false, reason });
  });
});

describe('bank details (settings bank_fields)', () => {
  const profile = { bankName: 'Profile Bank', bankCode: 'PB', bankAccount: '999' };
  it('takes each field from the request, else the profile', () => {
    expect(resolveBankDetails(true, { bankAccount: ' 111 ' }, profile)).toEqual({ details: { ...profile, bankAccount: '111' }, missing: [] });
  });
  it('requires all three while bank_fields is on; blank counts as missing', () => {
    expect(resolveBankDetails(true, { bankName: 'A', bankCode: '  ' }, {}).missing).toEqual(['bankCode', 'bankAccount']);
  });
  it('requires nothing while it is off, and keeps what exists', () => {
    expect(resolveBankDetails(false, {}, {})).toEqual({ details: {}, missing: [] });
    expect(resolveBankDetails(false, { bankName: 'A' }, {})).toEqual({ details: { bankName: 'A' }, missing: [] });
  });
});

describe('the hold on the wallet', () => {
  it('is a covered movement with a txRef per request', () => {
    const hold = { uid: 'd1', type: 'Withdraw' as const, amount: 500, reason: 'Withdrawal' as const, txRef: withdrawTxRef('abc') };
    expect(hold.txRef).toBe('withdraw:abc');
    expect(needsCover(hold)).toBe(true);
    expect(foldByWallet([hold]).get('d1')).toEqual({ delta: -500, need: 500 });
  });
});
