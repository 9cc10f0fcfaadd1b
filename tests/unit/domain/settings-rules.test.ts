import { describe, expect, it } from 'vitest';
import { acceptNonNegative, validateSettings } from '../../../shared/src/domain/settings-rules';

describe('§5 settings save rules', () => {
  it.each([
    [0, 0], [12.5, 12.5], ['7', 7], [' 3.25 ', 3.25], ['0', 0],
    [-1, ''], ['-1', ''], ['', ''], ['abc', ''], ['1e3', ''], [Number.NaN, ''], [Number.POSITIVE_INFINITY, ''], [null, ''], [undefined, ''], [true, ''],
  ])('acceptNonNegative(%j) = %j', (input, out) => {
    expect(acceptNonNegative(input)).toBe(out);
  });

  const valid = { appName: 'GoRide', symbol: '$', code: 'USD', CompanyName: 'Go', CompanyWebsite: 'https://x', CompanyTerms: 'https://x/t', bonus: 10 };

  it('accepts a complete form', () => {
    expect(validateSettings(valid)).toEqual({ ok: true });
  });

  it.each([[''], ['  '], [-5], ['x']])('a bonus of %j gives proper_bonus', (bonus) => {
    expect(validateSettings({ ...valid, bonus })).toEqual({ ok: false, key: 'proper_bonus', field: 'bonus' });
  });

  it.each(['appName', 'symbol', 'code', 'CompanyName', 'CompanyWebsite', 'CompanyTerms'] as const)('%s is required', (field) => {
    expect(validateSettings({ ...valid, [field]: ' ' })).toEqual({ ok: false, key: 'no_details_error', field });
  });
});
