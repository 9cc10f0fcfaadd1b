import { describe, expect, it } from 'vitest';
import { routes } from '../../shared/src/contract/routes';
import { api, endpoints } from './support/endpoints';

describe('system routes', () => {
  it('answers /health with the table reachable', async () => {
    const res = await api('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', table: 'ok' });
  });

  it('describes every contract route in /openapi.json (OpenAPI 3.1)', async () => {
    const res = await api('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const r of routes) {
      const op = res.body.paths[r.path]?.[r.method.toLowerCase()];
      expect(op?.operationId, `${r.method} ${r.path}`).toBe(r.operationId);
      expect(op.security, r.operationId).toEqual(r.auth === 'public' ? [] : [{ cognito: [] }]);
    }
  });

  it('serves the public settings without secrets', async () => {
    const res = await api('GET', '/settings');
    expect(res.status).toBe(200);
    expect(res.body.appName).toBeTruthy();
    for (const secret of ['license', 'bonus', 'otp_secure', 'driver_approval', 'email_verify', 'driverRadius']) {
      expect(res.body).not.toHaveProperty(secret);
    }
  });

  it('lists language packs, the first being the default, each with every error key', async () => {
    const res = await api('GET', '/languages');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThanOrEqual(2);
    expect(res.body.items[0]).toMatchObject({ code: 'en', isDefault: true });
    expect(res.body.items.slice(1).every((p: { isDefault: boolean }) => !p.isDefault)).toBe(true);
    expect(res.body.items[0].translations.no_driver_found_alert_messege).toBeTruthy();
  });

  it('lists car types with amounts as two-decimal numbers and the parcel data', async () => {
    const res = await api('GET', '/cartypes');
    expect(res.status).toBe(200);
    const van = res.body.items.find((c: { name: string }) => c.name === 'Van');
    expect(van.parcelTypes.length).toBeGreaterThan(0);
    expect(van.cancelSlab.length).toBeGreaterThan(0);
    for (const c of res.body.items) expect(Number.isInteger(Math.round(c.base_fare * 100))).toBe(true);
  });

  it('counts DynamoDB round trips per request', async () => {
    const res = await api('GET', '/cartypes');
    expect(res.headers.get('x-ddb-round-trips')).toBe('1');
  });

  it.runIf(endpoints().siteUrl !== '')('serves /config.json for the web app', async () => {
    const res = await fetch(`${endpoints().siteUrl}/config.json`);
    const cfg = await res.json();
    for (const k of ['apiUrl', 'wsUrl', 'region', 'userPoolId', 'userPoolClientId', 'cognitoEndpoint', 'authFlowType']) {
      expect(cfg, k).toHaveProperty(k);
    }
  });
});
