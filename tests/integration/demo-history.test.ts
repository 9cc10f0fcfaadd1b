import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalCloud } from '../../infra/local/cloud';
import type { DemoHistorySummary } from '../../infra/local/demo-history/play-history';
import { earningsPeriods } from '../../shared/src/domain/earnings';
import { endpoints } from './support/endpoints';

type Figures = { gross: number; tripCost: number; bookings: number; paidBookings: number };
type Dashboard = { today: Figures; thisMonth: Figures; total: Figures; days: (Figures & { day: string })[] };

const DAYS = 3;

/**
 * The first start's history (issue 21, a demo that looks alive): a few days played through the
 * use cases leave figures on every admin screen a first visit opens. Runs its own local cloud, as
 * `npm start` does, so the suite's shared one keeps its settings, drivers and figures.
 */
describe('the demo history on a fresh platform', () => {
  let cloud: LocalCloud | undefined;
  afterAll(async () => { await cloud?.stop(); });

  it(`playing ${DAYS} days leaves dashboard, report, bookings, wallets, withdrawals and demand figures`, async () => {
    if (endpoints().siteUrl === '' || process.env.API_URL) return; // a deployed API has no local cloud to play on
    const { startLocalCloud } = await import('../../infra/local/cloud');
    const { seedDemoData } = await import('../../infra/local/seed');
    const { playDemoHistory } = await import('../../infra/local/demo-history/play-history');
    cloud = await startLocalCloud({ port: 0 });
    await seedDemoData({ password: 'Demo1234' });
    const end = Date.now();
    const summary: DemoHistorySummary = await cloud.quietly(() => playDemoHistory({ days: DAYS, seed: 21, end, password: 'Demo1234' }));
    cloud.markReady();
    // Every step a story takes is a real request's: none may be refused.
    expect(summary.failures, summary.firstFailure).toBe(0);
    expect(summary).toMatchObject({ played: true });
    for (const n of ['bookings', 'paid', 'completed', 'cancelled', 'unserved', 'topUps', 'withdrawals'] as const) expect(summary[n], n).toBeGreaterThan(0);

    const c = cloud;
    const cognito = new CognitoIdentityProviderClient({ region: c.region, endpoint: c.cognitoEndpoint, credentials: { accessKeyId: 't', secretAccessKey: 't' } });
    const admin = (await cognito.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: c.userPoolClientId, AuthParameters: { USERNAME: 'admin@example.com', PASSWORD: 'Demo1234' },
    }))).AuthenticationResult!.IdToken!;
    const get = async <T>(path: string) => {
      const res = await fetch(`${c.apiUrl}${path}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status, path).toBe(200);
      return await res.json() as T;
    };

    const dash = await get<Dashboard>('/dashboard');
    expect(dash.today.paidBookings, 'today').toBeGreaterThan(0);
    expect(dash.today.gross).toBeGreaterThan(0);
    expect(dash.thisMonth.paidBookings).toBeGreaterThanOrEqual(dash.today.paidBookings);
    expect(dash.days.filter((d) => d.paidBookings > 0).length, '30-day chart').toBeGreaterThanOrEqual(2);

    const settings = await get<{ timeZone: string }>('/settings/all');
    const month = earningsPeriods(end, settings.timeZone).month;
    const report = await get<{ items: { tripCost: number; profit: number; bookings: number }[] }>(`/earnings/report?from=${month}&to=${month}`);
    expect(report.items.reduce((s, r) => s + r.bookings, 0)).toBeGreaterThan(0);
    expect(report.items.reduce((s, r) => s + r.profit, 0)).toBeGreaterThan(0);
    const driverEarnings = await get<{ items: { driverShare: number }[] }>('/earnings/drivers');
    expect(driverEarnings.items.some((r) => r.driverShare > 0)).toBe(true);

    for (const status of ['PAID', 'COMPLETE', 'CANCELLED']) {
      const page = await get<{ items: { status: string }[] }>(`/bookings?status=${status}&limit=5`);
      expect(page.items.length, status).toBeGreaterThan(0);
    }
    const withdraws = await get<{ items: { processed: boolean }[] }>('/withdraws');
    expect(withdraws.items.length).toBeGreaterThan(0);
    let unserved = 0;
    for (let d = 0; d <= DAYS; d++) {
      const day = new Date(end - d * 86_400_000).toISOString().slice(0, 10);
      unserved += (await get<{ items: { unserved: number }[] }>(`/dashboard/demand?day=${day}`)).items.reduce((s, i) => s + i.unserved, 0);
    }
    expect(unserved, 'unserved demand').toBeGreaterThan(0);

    // Played once per data directory: a second start adds nothing.
    expect((await playDemoHistory({ days: DAYS, seed: 21, end: Date.now(), password: 'Demo1234' })).played).toBe(false);
  }, 300_000);
});
