import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyInput } from '../../../shared/src/contract/common';
import { MAX_MONEY_MINOR, parseMoney } from '../../../shared/src/domain/money';

/** Issue #19 item 5: one strict decimal rule for every money input (domain rule and contract schema). */
describe('parseMoney: the one strict money rule', () => {
  it.each([
    ['12.5', 1250], ['12.50', 1250], ['12', 1200], ['0', 0], ['.5', 50], ['0.07', 7], [12.5, 1250], [0.07, 7], [0.1 + 0.2, 30], [0, 0], [1_000_000, MAX_MONEY_MINOR], ['1000000.00', MAX_MONEY_MINOR],
  ])('takes %j as %i minor units', (value, minor) => {
    expect(parseMoney(value)).toEqual({ ok: true, minor });
  });

  it.each([
    ['1,000', 'not_money'], ['12abc', 'not_money'], ['1e2', 'not_money'], [' 5', 'not_money'], ['5 ', 'not_money'], ['Infinity', 'not_money'], ['NaN', 'not_money'],
    ['', 'not_money'], ['12.', 'not_money'], ['.', 'not_money'], ['+5', 'not_money'], ['0x10', 'not_money'], ['1.2.3', 'not_money'], ['١٢', 'not_money'],
    [Number.NaN, 'not_money'], [Number.POSITIVE_INFINITY, 'not_money'], [null, 'not_money'], [true, 'not_money'], [[5], 'not_money'], [{}, 'not_money'],
    ['1.005', 'too_many_decimals'], [1.005, 'too_many_decimals'], [0.001, 'too_many_decimals'],
    ['-1', 'negative'], [-1, 'negative'], [-0.01, 'negative'],
    [1e21, 'too_large'], [1e308, 'too_large'], ['9999999999', 'too_large'], [1_000_000.01, 'too_large'],
  ])('refuses %j (%s)', (value, reason) => {
    expect(parseMoney(value)).toEqual({ ok: false, reason });
  });

  it('above 0 where asked, and a smaller maximum where one applies', () => {
    expect(parseMoney(0, { positive: true })).toEqual({ ok: false, reason: 'not_positive' });
    expect(parseMoney('0.00', { positive: true })).toEqual({ ok: false, reason: 'not_positive' });
    expect(parseMoney('10.01', { maxMinor: 10_00 })).toEqual({ ok: false, reason: 'too_large' });
  });

  it('every amount of minor units, as a number or as its text, parses back to itself', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_MONEY_MINOR }), (minor) => {
      const text = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
      expect(parseMoney(text)).toEqual({ ok: true, minor });
      expect(parseMoney(minor / 100)).toEqual({ ok: true, minor });
    }));
  });

  it('text with anything but digits and one point is refused, whatever Number() or parseFloat would make of it', () => {
    fc.assert(fc.property(fc.string({ maxLength: 12 }), (text) => {
      const parsed = parseMoney(text);
      if (parsed.ok) expect(text).toMatch(/^\d*\.?\d{0,2}$/);
      if (!/^\d*\.?\d*$/.test(text)) expect(parsed.ok).toBe(false);
    }));
  });

  it('a number with a third decimal is never rounded into money', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 1, max: 9 }), (minor, extra) => {
      expect(parseMoney((minor * 10 + extra) / 1000).ok).toBe(false);
    }));
  });
});

describe('moneyInput: the contract schema built on the rule', () => {
  const credit = moneyInput({ key: 'no_details_error', positive: true });
  const price = moneyInput();

  it('hands the handler the exact two-decimal number', () => {
    expect(credit.parse('12.5')).toBe(12.5);
    expect(credit.parse('12.50')).toBe(12.5);
    expect(credit.parse(12.5)).toBe(12.5);
    expect(price.parse('0')).toBe(0);
  });

  it.each(['1,000', '12abc', '1e2', '1.005', '-1', ' 5', 'Infinity', 1e21, 0, ''])('refuses %j with the field\'s key as the issue message', (value) => {
    const out = credit.safeParse(value);
    expect(out.success).toBe(false);
    expect(out.error!.issues[0]).toMatchObject({ code: 'custom', message: 'no_details_error' });
  });

  it('a field without a spec key is a plain validation_error (its message is not a key)', () => {
    const out = price.safeParse('1e2');
    expect(out.success).toBe(false);
    expect(out.error!.issues[0]!.message).not.toMatch(/^[a-z][A-Za-z_]+$/);
  });
});
