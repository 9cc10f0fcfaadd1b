import { describe, expect, it } from 'vitest';
import {
  formatMoney, percentOf, percentage, round1, round2, roundMinor, sumMinor, toDecimal, toMinor,
} from '../../../shared/src/domain/money';

describe('§9 money rounding (2 decimals, half away from zero)', () => {
  it.each([
    [1.005, 1.01],
    [1.015, 1.02],
    [2.675, 2.68],
    [1.004, 1],
    [0.125, 0.13],
    [-1.005, -1.01],
    [-0.125, -0.13],
    [10, 10],
    [0, 0],
    [1.234999, 1.23],
    [123456.785, 123456.79],
  ])('round2(%s) = %s', (input, expected) => {
    expect(round2(input)).toBe(expected);
  });

  it('never yields negative zero', () => {
    expect(Object.is(round2(-0.001), 0)).toBe(true);
  });

  it.each([
    [4.45, 4.5],
    [4.44, 4.4],
    [3.05, 3.1],
  ])('round1(%s) = %s', (input, expected) => {
    expect(round1(input)).toBe(expected);
  });

  it.each([
    [499.5, 500],
    [499.49999999999994, 500],
    [-0.5, -1],
    [12.4, 12],
  ])('roundMinor(%s) = %s', (input, expected) => {
    expect(roundMinor(input)).toBe(expected);
  });
});

describe('§9 money conversion and display', () => {
  it.each([
    [12.34, 1234],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [0, 0],
  ])('toMinor(%s) = %s', (decimal, minor) => {
    expect(toMinor(decimal)).toBe(minor);
  });

  it.each([
    [1234, 12.34],
    [5, 0.05],
    [0, 0],
  ])('toDecimal(%s) = %s', (minor, decimal) => {
    expect(toDecimal(minor)).toBe(decimal);
  });

  it.each([
    [1234, '$', '$12.34'],
    [5, '€', '€0.05'],
    [-50, '$', '-$0.50'],
    [100000, '', '1000.00'],
  ])('formatMoney(%s, %s) = %s', (minor, symbol, text) => {
    expect(formatMoney(minor, symbol)).toBe(text);
  });

  it('percent helpers round to whole minor units', () => {
    expect(percentOf(1000, 12.5)).toBe(125);
    expect(percentOf(333, 10)).toBe(33);
    expect(percentOf(335, 10)).toBe(34);
    expect(percentage(25, 200)).toBe(12.5);
    expect(percentage(1, 0)).toBe(0);
    expect(sumMinor([1, undefined, 2, null])).toBe(3);
  });
});
