import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import LineChart from '@cloudscape-design/components/line-chart';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardFigures } from '../../../../shared/src/contract/dashboard';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { SosAlertsPanel } from '../../features/sos/sos-alerts-panel';
import { formatMoney } from '../../components/format-money';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { MapPlaceholder } from '../../components/map/lazy-trip-map';
import { useApiQuery } from '../../components/use-api-query';
import { useViewerLocation } from '../../components/map/use-viewer-location';
import { useTopic } from '../../live/use-topic';
import { operatorZone } from '../../../../shared/src/domain/time-zone';
import { useLiveDrivers } from './use-live-drivers';

/** MapLibre loads with the map, not with the page. */
const DriversMap = lazy(() => import('./drivers-map'));

/** Booking events come in bursts (a trip's steps, a dispatch round); the cards re-read once per burst. */
const RELOAD_AFTER_MS = 1_000;
/** Demand changes with every booking; a minute is fresh enough for a map layer. */
const DEMAND_EVERY_MS = 60_000;

/**
 * Spec §2 /dashboard (admin, fleet admin): gross earnings today, this month and in total (§5:
 * convenience fees of PAID or COMPLETE bookings), the last 30 days as a chart, and the live map
 * of active drivers with today's demand. A fleet admin sees its own fleet only (§6): the server
 * scopes every read, and the page follows the fleet's topics.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { user, role } = useAuth();
  const { settings } = useSettings();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const money = useCallback((v: number) => formatMoney(v, settings.symbol, locale), [settings.symbol, locale]);
  const fleet = role === 'fleetadmin';
  const uid = user?.id ?? '';

  const load = useCallback((signal: AbortSignal) => api.fetchDashboard(undefined, { signal }), [api]);
  const dashboard = useApiQuery(load);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { reload } = dashboard;
  const reloadSoon = useCallback(() => {
    if (reloadTimer.current) return;
    reloadTimer.current = setTimeout(() => {
      reloadTimer.current = undefined;
      reload();
    }, RELOAD_AFTER_MS);
  }, [reload]);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);
  useTopic(fleet ? `bookings/fleet/${uid}` : 'bookings/all', reloadSoon, Boolean(uid));

  const live = useLiveDrivers(fleet ? `drivers/fleet/${uid}` : 'drivers/all', Boolean(uid));
  // Spec §7 asks for the viewer's location here; by role it is asked only when the viewer presses for it.
  const viewer = useViewerLocation(role);

  const [showDemand, setShowDemand] = useState(true);
  const [demand, setDemand] = useState<{ lat: number; lng: number; bookings: number; unserved: number }[]>();
  useEffect(() => {
    if (!showDemand) return undefined;
    const controller = new AbortController();
    const read = () => api.fetchDemand({ query: {} }, { signal: controller.signal }).then((out) => setDemand(out.items), () => undefined);
    void read();
    const timer = setInterval(() => void read(), DEMAND_EVERY_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [api, showDemand]);

  const data = dashboard.data;
  const onTrip = live.drivers.filter((d) => d.status === 'trip').length;

  const series = useMemo(() => {
    const days = data?.days ?? [];
    return [{
      title: t('dash_chart_gross'),
      type: 'line' as const,
      data: days.map((d) => ({ x: new Date(`${d.day}T00:00:00Z`), y: d.gross })),
      valueFormatter: money,
    }];
  }, [data, t, money]);
  const chartMax = Math.max(1, ...(data?.days ?? []).map((d) => d.gross));

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t(fleet ? 'dash_description_fleet' : 'dash_description_admin')}>
          {t('dashboard_title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LoadErrorAlert error={dashboard.error} onRetry={dashboard.reload} />
        {/* Someone asked for help: above everything else, and live. */}
        {uid ? <SosAlertsPanel topic={fleet ? `sos/fleet/${uid}` : 'sos'} /> : null}
        <Container header={<Header variant="h2" description={t('dash_gross_hint', { zone: operatorZone(settings).replace(/_/g, ' ') })}>{t('dash_chart_gross')}</Header>} data-testid="dashboard-cards">
          <ColumnLayout columns={3} variant="text-grid" minColumnWidth={170}>
            {/* The server's day key is the operator's date: shown as a calendar date, not converted again. */}
            <FiguresCard
              label={data ? t('clock_today_of', { date: new Date(`${data.day}T00:00:00Z`).toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }) }) : t('dash_today')}
              figures={data?.today}
              money={money}
              testId="card-today"
            />
            <FiguresCard label={t('dash_this_month')} figures={data?.thisMonth} money={money} testId="card-month" />
            <FiguresCard label={t('dash_total')} figures={data?.total} money={money} testId="card-total" />
          </ColumnLayout>
        </Container>
        <Container
          header={
            <Header
              variant="h2"
              counter={`(${live.drivers.length})`}
              description={showDemand ? t('dash_demand_hint') : undefined}
              actions={
                <Toggle checked={showDemand} onChange={({ detail }) => setShowDemand(detail.checked)}>
                  {t('dash_show_demand')}
                </Toggle>
              }
            >
              {t('dash_map_title')}
            </Header>
          }
          data-testid="dashboard-map"
        >
          <SpaceBetween size="s">
            <SpaceBetween size="l" direction="horizontal">
              <StatusIndicator type="info">{t('dash_online', { count: live.drivers.length })}</StatusIndicator>
              <StatusIndicator type="success">{`${t('dash_free')}: ${live.drivers.length - onTrip}`}</StatusIndicator>
              <StatusIndicator type="in-progress">{`${t('dash_on_trip')}: ${onTrip}`}</StatusIndicator>
              {viewer.location.state !== 'known' ? (
                <Button
                  variant="inline-link"
                  iconName="location-pin"
                  loading={viewer.asked && viewer.location.state === 'asking'}
                  onClick={viewer.ask}
                  data-testid="dashboard-locate"
                >
                  {t('bf_my_location')}
                </Button>
              ) : null}
              {viewer.warning ? (
                <Box color="text-status-error" data-testid="allow-location">{t('allow_location')}</Box>
              ) : null}
            </SpaceBetween>
            <LoadErrorAlert error={live.error} onRetry={() => void live.reload()} />
            <Suspense fallback={<MapPlaceholder ariaLabel={t('dash_map_aria')} />}>
              <DriversMap
                drivers={live.drivers}
                demand={showDemand ? demand : undefined}
                viewer={viewer.location.state === 'known' ? viewer.location.at : undefined}
                followViewer={!fleet || viewer.asked}
                ariaLabel={t('dash_map_aria')}
              />
            </Suspense>
            {live.drivers.length === 0 && !live.error ? <Box color="text-body-secondary">{t('dash_no_drivers')}</Box> : null}
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2">{t('dash_chart_title')}</Header>}>
          <LineChart
            series={series}
            xScaleType="time"
            yDomain={[0, Math.ceil(chartMax * 1.1)]}
            height={240}
            statusType={dashboard.error ? 'error' : dashboard.loading && !data ? 'loading' : 'finished'}
            loadingText={t('earnings_chart_loading')}
            errorText={t('earnings_chart_error')}
            empty={t('earnings_chart_empty')}
            hideFilter
            yTitle={t('earnings_amount')}
            ariaLabel={t('dash_chart_title')}
            i18nStrings={{
              xTickFormatter: (d) => d.toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
              yTickFormatter: money,
            }}
            data-testid="dashboard-chart"
          />
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}

function FiguresCard({ label, figures, money, testId }: { label: string; figures?: DashboardFigures; money: (v: number) => string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="awsui-value-large" data-testid={`${testId}-gross`}>{figures ? money(figures.gross) : '—'}</Box>
      {figures ? (
        <Box variant="small" display="block" color="text-body-secondary">
          {t('dash_trips', { count: figures.paidBookings })} · {t('dash_trip_cost')} {money(figures.tripCost)} · {t('dash_driver_share')} {money(figures.driverShare)}
          {figures.tips > 0 ? <span data-testid={`${testId}-tips`}> · {t('col_tips')} {money(figures.tips)}</span> : null}
        </Box>
      ) : null}
    </div>
  );
}
