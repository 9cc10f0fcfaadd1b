import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editSettings as editSettingsRoute, type SettingsForm } from '../../../shared/src/contract/settings';
import { conflict } from '../../../shared/src/domain/errors';
import { httpLicenseChecker, isAllowedLicenseUrl } from '../../../lambdas/src/adapters/license/license-check';
import type { LicenseChecker, LicenseVerdict } from '../../../lambdas/src/ports/license';
import type { AppSettings, SettingsStore } from '../../../lambdas/src/ports/settings';
import { checkLicense } from '../../../lambdas/src/use-cases/check-license';
import { editSettings } from '../../../lambdas/src/use-cases/edit-settings';
import { getProviders } from '../../../lambdas/src/use-cases/get-providers';

const stored: AppSettings = {
  appName: 'GoRide', appMode: 'delivery', CompanyName: 'Go', CompanyWebsite: 'https://go', CompanyTerms: 'https://go/t', contact_email: 'a@b.c',
  FacebookHandle: '', TwitterHandle: '', InstagramHandle: '', AppleStoreLink: '', PlayStoreLink: '',
  FacebookLoginEnabled: false, MobileLoginEnabled: true, AllowCountrySelection: true, AllowCriticalEditsAdmin: true,
  country: 'US', code: 'USD', symbol: '$', convert_to_mile: false, bank_fields: true,
  bonus: 10, otp_secure: true, driver_approval: true, email_verify: false, autoDispatch: true, CarHornRepeat: false,
  driverRadius: 10, license: '', version: 5,
};

function formOf(s: AppSettings): SettingsForm {
  const { version: _v, ...form } = s;
  return form;
}

function store(initial: AppSettings) {
  let current = { ...initial };
  const saves: AppSettings[] = [];
  const s: SettingsStore & { saves: AppSettings[]; current: () => AppSettings } = {
    saves, current: () => current,
    getApp: async () => current,
    getAppConsistent: async () => current,
    listLanguages: async () => [],
    async saveApp(next, expected) {
      if (current.version !== expected) throw conflict();
      current = next; saves.push(next);
    },
  };
  return s;
}

const licence = (verdict: LicenseVerdict): LicenseChecker & { calls: unknown[] } => {
  const calls: unknown[] = [];
  return { calls, check: async (r) => { calls.push(r); return verdict; } };
};

describe('editSettings (spec §5 Settings save)', () => {
  it('saves, bumps the version, answers updated', async () => {
    const st = store(stored);
    const out = await editSettings({ settings: st, license: licence('skipped') }, { version: 5, settings: { ...formOf(stored), appName: 'New', appMode: 'taxi' } });
    expect(out.code).toBe('updated');
    expect(out.settings).toMatchObject({ appName: 'New', appMode: 'taxi', version: 6 });
    expect(st.current().version).toBe(6);
  });

  /** The form as the route hands it to the use case: parsed by the contract. */
  const parsedForm = (change: Record<string, unknown>) => editSettingsRoute.body!.parse({ version: 5, settings: { ...formOf(stored), ...change } }).settings;

  it('takes the bonus and radius as the contract parsed them; a blank radius is the default 10', async () => {
    const st = store(stored);
    const out = await editSettings({ settings: st, license: licence('skipped') }, { version: 5, settings: parsedForm({ bonus: '2.5', driverRadius: '' }) });
    expect(out.settings).toMatchObject({ bonus: 2.5, driverRadius: 10 });
  });

  it.each([
    [{ bonus: '' }, 'proper_bonus'], [{ bonus: -3 }, 'proper_bonus'], [{ bonus: 1e15 }, 'proper_bonus'], [{ bonus: '1e2' }, 'proper_bonus'],
    [{ driverRadius: -5 }, 'validation_error'], [{ driverRadius: '-5' }, 'validation_error'], [{ driverRadius: 0 }, 'validation_error'],
    [{ driverRadius: 1e21 }, 'validation_error'], [{ driverRadius: 1e308 }, 'validation_error'], [{ driverRadius: 'abc' }, 'validation_error'],
  ])('the contract refuses %j (the handler answers %s), never replacing it', (change, code) => {
    const out = editSettingsRoute.body!.safeParse({ version: 5, settings: { ...formOf(stored), ...change } });
    expect(out.success).toBe(false);
    const keyed = out.error!.issues.find((i) => i.code === 'custom' && /^[a-z][A-Za-z_]+$/.test(i.message));
    expect(keyed?.message ?? 'validation_error').toBe(code);
  });

  it.each([
    [{ appName: ' ' }, 'no_details_error'],
    [{ CompanyTerms: '' }, 'no_details_error'],
  ])('refuses %j with %s and writes nothing', async (change, code) => {
    const st = store(stored);
    await expect(editSettings({ settings: st, license: licence('skipped') }, { version: 5, settings: { ...formOf(stored), ...change } })).rejects.toMatchObject({ code, status: 400 });
    expect(st.saves).toEqual([]);
  });

  it('a stale version is a conflict', async () => {
    const st = store(stored);
    await expect(editSettings({ settings: st, license: licence('skipped') }, { version: 4, settings: formOf(stored) })).rejects.toMatchObject({ code: 'conflict', status: 409 });
  });

  it('a purchase code is checked remotely: rejected or unreachable is wrong_code, nothing saved', async () => {
    for (const verdict of ['rejected', 'unreachable'] as const) {
      const st = store(stored);
      const check = licence(verdict);
      await expect(editSettings({ settings: st, license: check }, { version: 5, settings: { ...formOf(stored), license: 'CODE' } })).rejects.toMatchObject({ code: 'wrong_code', status: 400 });
      expect(check.calls).toEqual([{ reqType: 'settings', license: 'CODE' }]);
      expect(st.saves).toEqual([]);
    }
    const ok = licence('passed');
    expect((await editSettings({ settings: store(stored), license: ok }, { version: 5, settings: { ...formOf(stored), license: 'CODE' } })).code).toBe('updated');
  });

  it('no purchase code, no remote call', async () => {
    const check = licence('rejected');
    await editSettings({ settings: store(stored), license: check }, { version: 5, settings: formOf(stored) });
    expect(check.calls).toEqual([]);
  });

  describe('demo mode', () => {
    const demo = { ...stored, AllowCriticalEditsAdmin: false };
    it('refuses any save with demo_mode', async () => {
      const st = store(demo);
      await expect(editSettings({ settings: st, license: licence('skipped') }, { version: 5, settings: { ...formOf(demo), appName: 'X' } })).rejects.toMatchObject({ code: 'demo_mode', status: 403 });
      await expect(editSettings({ settings: st, license: licence('skipped') }, { version: 5, settings: formOf(demo) })).rejects.toMatchObject({ code: 'demo_mode' });
      await expect(editSettings({ settings: st, license: licence('skipped') }, { version: 5, settings: { ...formOf(demo), AllowCriticalEditsAdmin: true, bonus: 11 } })).rejects.toMatchObject({ code: 'demo_mode' });
      expect(st.saves).toEqual([]);
    });
    it('lets exactly one change through: switching critical edits back on', async () => {
      const st = store(demo);
      const out = await editSettings({ settings: st, license: licence('skipped') }, { version: 5, settings: { ...formOf(demo), AllowCriticalEditsAdmin: true } });
      expect(out.settings.AllowCriticalEditsAdmin).toBe(true);
    });
  });
});

describe('checkLicense (spec §7)', () => {
  it.each([
    ['settings', 'passed', { ok: true }],
    ['settings', 'skipped', { ok: true }],
    ['settings', 'rejected', { ok: false, code: 'wrong_code' }],
    ['settings', 'unreachable', { ok: false, code: 'wrong_code' }],
    ['auth', 'rejected', { ok: false, code: 'base_settings_error_1' }],
    ['auth', 'unreachable', { ok: false, code: 'base_settings_error_2' }],
    ['auth', 'skipped', { ok: true }],
  ] as const)('%s + %s', async (reqType, verdict, expected) => {
    expect(await checkLicense({ license: licence(verdict) }, { reqType })).toMatchObject(expected);
  });
});

describe('licence endpoint adapter', () => {
  let server: Server;
  let url: string;
  const seen: any[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        const json = JSON.parse(body);
        seen.push(json);
        if (req.url === '/slow') return void setTimeout(() => res.end('{"success":true}'), 500);
        if (req.url === '/html') return void res.end('<html>');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: json.license === 'GOOD' || json.reqType === 'auth' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const checker = (path: string | undefined, timeoutMs = 2000) =>
    httpLicenseChecker({ url: () => (path === undefined ? undefined : `${url}${path}`), projectId: () => 'proj', timeoutMs });

  it('passes when nothing is configured', async () => {
    expect(await httpLicenseChecker({ url: () => undefined, projectId: () => 'p' }).check({ reqType: 'auth' })).toBe('skipped');
    expect(await httpLicenseChecker({ url: () => '  ', projectId: () => 'p' }).check({ reqType: 'auth' })).toBe('skipped');
  });

  it('posts projectId, createTime, reqType and the code; reads success', async () => {
    expect(await checker('/check').check({ reqType: 'settings', license: 'GOOD' })).toBe('passed');
    expect(await checker('/check').check({ reqType: 'settings', license: 'BAD' })).toBe('rejected');
    expect(seen.at(-1)).toMatchObject({ projectId: 'proj', reqType: 'settings', license: 'BAD', createTime: expect.any(String) });
    expect(await checker('/check').check({ reqType: 'auth' })).toBe('passed');
    expect(seen.at(-1)).not.toHaveProperty('license');
  });

  it('an answer that is not the JSON, a timeout or a refused connection is unreachable', async () => {
    expect(await checker('/html').check({ reqType: 'auth' })).toBe('unreachable');
    expect(await checker('/slow', 100).check({ reqType: 'auth' })).toBe('unreachable');
    expect(await httpLicenseChecker({ url: () => 'http://127.0.0.1:1/x', projectId: () => 'p' }).check({ reqType: 'auth' })).toBe('unreachable');
  });

  it('only https (or loopback) endpoints', () => {
    expect(isAllowedLicenseUrl('https://licence.example.com/check')).toBe(true);
    expect(isAllowedLicenseUrl('http://licence.example.com/check')).toBe(false);
    expect(isAllowedLicenseUrl('http://localhost:9/x')).toBe(true);
    expect(isAllowedLicenseUrl('not a url')).toBe(false);
  });
});

describe('getProviders (spec get_providers)', () => {
  it('returns the enabled ones; none is no_provider_found', async () => {
    const providers = (list: { name: 'stripe' | 'paypal'; link: string; enabled: boolean }[]) => ({ providers: { list: async () => list, put: async () => {} } });
    expect(await getProviders(providers([{ name: 'stripe', link: '/s', enabled: true }, { name: 'paypal', link: '/p', enabled: false }]))).toEqual({ items: [{ name: 'stripe', link: '/s' }] });
    await expect(getProviders(providers([{ name: 'paypal', link: '/p', enabled: false }]))).rejects.toMatchObject({ code: 'no_provider_found', status: 404 });
  });
});
