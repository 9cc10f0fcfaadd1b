import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, idToken } from './support/endpoints';
import { inDemoMode, readSettings, saveSettings } from './support/settings-helpers';

const SECRET_FIELDS = ['license', 'bonus', 'otp_secure', 'driver_approval', 'email_verify', 'autoDispatch', 'CarHornRepeat', 'driverRadius', 'version'];

describe('settings (spec §3 Settings, §5 Settings save)', () => {
  let admin: string;
  let original: Awaited<ReturnType<typeof readSettings>>;
  beforeAll(async () => {
    admin = await idToken(DEMO.admin);
    original = await readSettings();
  });
  // Leave the settings as they were found (every field; the version moves on).
  afterAll(async () => {
    const res = await saveSettings(original.settings);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  const save = (version: number, settings: Record<string, unknown>) => api('PUT', '/settings', { token: admin, body: { version, settings } });

  it('visitors get the public subset only; admins get everything', async () => {
    const pub = await api('GET', '/settings');
    expect(pub.status).toBe(200);
    for (const f of SECRET_FIELDS) expect(pub.body).not.toHaveProperty(f);
    expect(pub.body).toMatchObject({ appName: expect.any(String), appMode: expect.stringMatching(/^(taxi|delivery)$/) });
    const all = await api('GET', '/settings/all', { token: admin });
    for (const f of SECRET_FIELDS) expect(all.body).toHaveProperty(f);
    for (const who of [DEMO.rider, DEMO.driver, DEMO.fleetadmin]) {
      expect((await api('GET', '/settings/all', { token: await idToken(who) })).status).toBe(403);
      expect((await api('PUT', '/settings', { token: await idToken(who), body: { version: original.version, settings: original.settings } })).status).toBe(403);
    }
  });

  it('saves, answers `updated`, bumps the version and the site sees it', async () => {
    const { version, settings } = await readSettings();
    const res = await save(version, { ...settings, appName: 'GoRide Test', appMode: 'taxi', bonus: 12.5, driverRadius: 25 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ code: 'updated', settings: { appName: 'GoRide Test', appMode: 'taxi', bonus: 12.5, driverRadius: 25, version: version + 1 } });
    expect((await api('GET', '/settings')).body).toMatchObject({ appName: 'GoRide Test', appMode: 'taxi' });
  });

  it('§5: bonus and radius accept amounts within range (a blank bonus is proper_bonus, a blank radius the default 10); anything else is refused, never replaced', async () => {
    const { version, settings } = await readSettings();
    const ok = await save(version, { ...settings, bonus: '7', driverRadius: '' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.settings).toMatchObject({ bonus: 7, driverRadius: 10 });
    const far = await readSettings();
    const refused = await save(far.version, { ...far.settings, driverRadius: 'far' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('validation_error');
    expect(await readSettings()).toEqual(far);
    for (const bonus of ['', '  ', -1, 'ten', '1e3']) {
      const before = await readSettings();
      const res = await save(before.version, { ...before.settings, bonus });
      expect(res.status, String(bonus)).toBe(400);
      expect(res.body.error.code).toBe('proper_bonus');
      expect(await readSettings()).toEqual(before);
    }
  });

  it.each(['appName', 'symbol', 'code', 'CompanyName', 'CompanyWebsite', 'CompanyTerms'])('§5: %s is required', async (field) => {
    const before = await readSettings();
    const res = await save(before.version, { ...before.settings, [field]: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'no_details_error', details: [{ path: field }] });
    expect(await readSettings()).toEqual(before);
  });

  it.each([
    ['an unknown field', { walletBalance: 5 }],
    ['a client-set version inside the form', { version: 99 }],
    ['a wrong app mode', { appMode: 'boat' }],
    ['a string for a switch', { otp_secure: 'yes' }],
  ])('refuses %s', async (_l, change) => {
    const before = await readSettings();
    const res = await save(before.version, { ...before.settings, ...change });
    expect(res.status).toBe(400);
    expect(await readSettings()).toEqual(before);
  });

  it('two admins saving from one version: one 200, one 409', async () => {
    const { version, settings } = await readSettings();
    const results = await Promise.all(['Name A', 'Name B'].map((appName) => save(version, { ...settings, appName })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('conflict');
    const winner = results.find((r) => r.status === 200)!.body.settings;
    expect((await readSettings()).settings.appName).toBe(winner.appName);
  });

  it('with no licence endpoint configured, a purchase code passes', async () => {
    const res = await saveSettings({ license: 'ABCD-1234' });
    expect(res.status).toBe(200);
    expect(res.body.settings.license).toBe('ABCD-1234');
  });

  it('demo mode: saves are refused with demo_mode; switching critical edits back on is the one change allowed', async () => {
    await inDemoMode(async () => {
      const before = await readSettings();
      expect(before.settings.AllowCriticalEditsAdmin).toBe(false);
      const res = await save(before.version, { ...before.settings, appName: 'Hacked' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('demo_mode');
      const sneaky = await save(before.version, { ...before.settings, AllowCriticalEditsAdmin: true, appName: 'Hacked' });
      expect(sneaky.body.error.code).toBe('demo_mode');
      expect(await readSettings()).toEqual(before);
      expect((await api('GET', '/settings')).body.AllowCriticalEditsAdmin).toBe(false);
    });
    expect((await readSettings()).settings.AllowCriticalEditsAdmin).toBe(true);
  });
});

describe('payment providers (spec get_providers)', () => {
  it('every signed-in role gets the enabled providers with their links', async () => {
    for (const who of [DEMO.rider, DEMO.driver, DEMO.fleetadmin, DEMO.admin]) {
      const res = await api('GET', '/providers', { token: await idToken(who) });
      expect(res.status).toBe(200);
      expect(res.body.items.map((p: { name: string }) => p.name).sort()).toEqual(['paypal', 'stripe']);
      for (const p of res.body.items) expect(p).toEqual({ name: p.name, link: expect.any(String) });
    }
    expect((await api('GET', '/providers')).status).toBe(401);
  });
});
