import { describe, expect, it } from 'vitest';
import { MAX_DRIVER_RADIUS, parseDriverRadius, validateSettings } from '../../../shared/src/domain/settings-rules';

describe('§5 settings save rules', () => {
  it.each([
    [12.5, 12.5], ['7', 7], [' 3.25 ', 3.25], [0.01, 0.01], [MAX_DRIVER_RADIUS, MAX_DRIVER_RADIUS], ['', 10], ['  ', 10],
  ])('a driver radius of %j is %j', (input, radius) => {
    expect(parseDriverRadius(input)).toEqual({ ok: true, radius });
  });

  it.each([
    [0], ['0'], [-5], ['-5'], [MAX_DRIVER_RADIUS + 0.01], [1e21], [1e308], ['1e3'], ['abc'], [1.005], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [undefined], [true],
  ])('a driver radius of %j is refused, not replaced by the default', (input) => {
    expect(parseDriverRadius(input)).toEqual({ ok: false });
  });
  const valid = { appName: 'GoRide', symbol: '$', code: 'USD', CompanyName: 'Go', CompanyWebsite: 'https://x', CompanyTerms: 'https://x/t', bonus: 10 };

  it('accepts a complete form', () => {
    expect(validateSettings(valid)).toEqual({ ok: true });
  });

  it.each([[''], ['  '], [-5], ['x'], ['1e3'], ['1,000'], [1e15], ['12abc'], [' 5']])('a bonus of %j gives proper_bonus', (bonus) => {
    expect(validateSettings({ ...valid, bonus })).toEqual({ ok: false, key: 'proper_bonus', field: 'bonus' });
  });

  it.each(['appName', 'symbol', 'code', 'CompanyName', 'CompanyWebsite', 'CompanyTerms'] as const)('%s is required', (field) => {
    expect(validateSettings({ ...valid, [field]: ' ' })).toEqual({ ok: false, key: 'no_details_error', field });
  });
});
