import { describe, expect, it } from 'vitest';
import { SettingsForm } from '../../../shared/src/contract/settings';
import { DISPATCH_BOUNDS, DISPATCH_DEFAULTS, dispatchPolicy, isDispatchSettingValid } from '../../../shared/src/domain/dispatch';
import type { AppSettings } from '../../../lambdas/src/ports/settings';
import { settingsFromForm } from '../../../lambdas/src/use-cases/edit-settings';

const stored: AppSettings = {
  appName: 'GoRide', appMode: 'delivery', CompanyName: 'Go', CompanyWebsite: 'https://go', CompanyTerms: 'https://go/t', contact_email: 'a@b.c',
  FacebookHandle: '', TwitterHandle: '', InstagramHandle: '', AppleStoreLink: '', PlayStoreLink: '',
  FacebookLoginEnabled: false, MobileLoginEnabled: true, AllowCountrySelection: true, AllowCriticalEditsAdmin: true,
  country: 'US', code: 'USD', symbol: '$', convert_to_mile: false, bank_fields: true,
  bonus: 10, otp_secure: true, driver_approval: true, email_verify: false, autoDispatch: true, CarHornRepeat: false,
  driverRadius: 10, license: '', version: 5,
};
const { version: _v, ...form } = stored;

describe('the offer window (seconds a driver has to answer)', () => {
  it('defaults to 30 s: time for a driver at the wheel to reach a safe moment, glance and tap', () => {
    expect(DISPATCH_DEFAULTS.offerSeconds).toBe(30);
    expect(dispatchPolicy({}).offerSeconds).toBe(30);
    expect(dispatchPolicy({ offerSeconds: 45 }).offerSeconds).toBe(45);
  });

  it('a value stored under older, wider bounds is used within today\'s bounds', () => {
    expect(dispatchPolicy({ offerSeconds: 600 }).offerSeconds).toBe(DISPATCH_BOUNDS.offerSeconds.max);
    expect(dispatchPolicy({ offerSeconds: 2 }).offerSeconds).toBe(DISPATCH_BOUNDS.offerSeconds.min);
    expect(dispatchPolicy({ dispatchBatchSize: 50 }).batchSize).toBe(20);
  });

  it('accepts whole numbers within the bounds, or nothing (the default)', () => {
    for (const ok of [undefined, 5, 30, 120]) expect(isDispatchSettingValid('offerSeconds', ok), String(ok)).toBe(true);
    for (const bad of [4, 121, 12.5, Number.NaN, '30', null, -30]) expect(isDispatchSettingValid('offerSeconds', bad), String(bad)).toBe(false);
  });

  it('the settings form refuses every dispatch setting out of its bounds with the §8 key update_failed', () => {
    for (const key of Object.keys(DISPATCH_BOUNDS) as (keyof typeof DISPATCH_BOUNDS)[]) {
      const { min, max } = DISPATCH_BOUNDS[key];
      for (const bad of [min - 1, max + 1, min + 0.5, String(min)]) {
        const parsed = SettingsForm.safeParse({ ...form, [key]: bad });
        expect(parsed.success, `${key}=${String(bad)}`).toBe(false);
        expect(parsed.error?.issues.map((i) => i.message), `${key}=${String(bad)}`).toContain('update_failed');
      }
      expect(SettingsForm.parse({ ...form, [key]: max })[key]).toBe(max);
    }
  });

  it('a form that leaves a dispatch setting empty puts it back to the default instead of keeping the last value', () => {
    const current = { ...stored, offerSeconds: 45, dispatchRounds: 4 };
    const next = settingsFromForm(SettingsForm.parse({ ...form, dispatchRounds: 4 }), current);
    expect(next.offerSeconds).toBeUndefined();
    expect(next.dispatchRounds).toBe(4);
    expect(dispatchPolicy(next).offerSeconds).toBe(30);
  });
});
