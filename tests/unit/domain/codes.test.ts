import { describe, expect, it } from 'vitest';
import {
  makeAppleReferralId, makeLoginOtp, makeOneTimeCode, makeReferralId, validateLoginOtp,
} from '../../../shared/src/domain/codes';
import { randomInt } from '../../../shared/src/domain/random';

const fixed = (v: number) => () => v;
const LOWEST = fixed(0);
const HIGHEST = fixed(0.9999999999);

describe('§5 one-time trip code', () => {
  it('is undefined when otp_secure is off', () => {
    expect(makeOneTimeCode(false, HIGHEST)).toBeUndefined();
  });

  it.each([
    [LOWEST, 10000],
    [HIGHEST, 99999],
    [fixed(1), 99999],
    [fixed(0.5), 55000],
  ])('spans 10000–99999', (random, code) => {
    expect(makeOneTimeCode(true, random)).toBe(code);
  });

  it('is always 5 digits with the default source', () => {
    for (let i = 0; i < 200; i++) expect(String(makeOneTimeCode(true))).toMatch(/^[1-9]\d{4}$/);
  });
});

describe('§5 login OTP', () => {
  it.each([
    [LOWEST, '100000'],
    [HIGHEST, '999999'],
  ])('is generated in 100000–999999', (random, otp) => {
    expect(makeLoginOtp(random)).toBe(otp);
  });

  it.each([
    ['100000', true],
    ['999999', true],
    ['123456', true],
    [654321, true],
    ['099999', false],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
    ['', false],
    [null, false],
    [99999, false],
  ])('validateLoginOtp(%j) ok=%s', (otp, ok) => {
    const r = validateLoginOtp(otp);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.key).toBe('otp_validate_error');
  });
});

describe('§3 referral id', () => {
  it.each([
    ['John', LOWEST, 'john1000'],
    ['MARY', HIGHEST, 'mary9999'],
    ['Mary Ann', LOWEST, 'maryann1000'],
    ['', LOWEST, 'temp1000'],
    ['   ', HIGHEST, 'temp9999'],
    [undefined, LOWEST, 'temp1000'],
  ])('makeReferralId(%j) = %s', (name, random, id) => {
    expect(makeReferralId(name, random)).toBe(id);
  });

  it("Apple users get 'rider' + 4 digits", () => {
    expect(makeAppleReferralId(LOWEST)).toBe('rider1000');
    expect(makeAppleReferralId(HIGHEST)).toBe('rider9999');
    expect(makeAppleReferralId()).toMatch(/^rider[1-9]\d{3}$/);
  });

  it('randomInt is inclusive at both ends', () => {
    expect(randomInt(1, 3, LOWEST)).toBe(1);
    expect(randomInt(1, 3, HIGHEST)).toBe(3);
  });
});
