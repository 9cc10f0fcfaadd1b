import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriverEarningRow } from '../../../../shared/src/contract/earnings';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { ResponsiveCollection } from '../../components/collection/responsive-collection';
import { itemsOf, useTablePage } from '../../components/collection/use-table-page';
import type { CsvColumn } from '../../components/csv';
import { EmptyState } from '../../components/empty-state';
import { formatMoney } from '../../components/format-money';
import { TableHeader } from '../../components/table-header';
import { MoneyBarChart } from './earnings-chart';

type Row = DriverEarningRow & { key: string; period: string; label: string };

/**
 * Spec §2 /driverearning (admin, fleet admin): each driver's share per year and month of trip
 * date (§3 Driver earning row), a fleet admin's own drivers only (the server decides, §6). A chart
 * of the chosen month's drivers beside the table; CSV always on (§6).
 */
export default function DriverEarningsPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { role, user } = useAuth();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const money = useCallback((v: number) => formatMoney(v, settings.symbol, locale), [settings.symbol, locale]);

  const load = useCallback(async (signal: AbortSignal) => {
    const out = await api.fetchDriverEarnings({ query: {} }, { signal });
    return {
      items: out.items.map((r): Row => {
        const period = `${r.year}-${String(r.month).padStart(2, '0')}`;
        return { ...r, period, key: `${period}#${r.driverUid}`, label: new Date(Date.UTC(r.year, r.month - 1, 1)).toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }) };
      }),
    };
  }, [api, locale]);

  const columns = useMemo<TableProps.ColumnDefinition<Row>[]>(() => [
    { id: 'year', header: t('earnings_col_year'), cell: (r) => r.year, sortingField: 'year' },
    { id: 'month', header: t('earnings_col_month'), cell: (r) => new Date(Date.UTC(r.year, r.month - 1, 1)).toLocaleDateString(locale, { month: 'long', timeZone: 'UTC' }), sortingField: 'period' },
    { id: 'driverName', header: t('earnings_col_driver'), cell: (r) => r.driverName, sortingField: 'driverName', isRowHeader: true },
    { id: 'driverVehicleNo', header: t('earnings_col_vehicle'), cell: (r) => r.driverVehicleNo || '—', sortingField: 'driverVehicleNo' },
    { id: 'driverShare', header: t('earnings_col_share'), cell: (r) => money(r.driverShare), sortingField: 'driverShare' },
    // Riders' tips, the driver's in full: a figure of its own beside the share.
    { id: 'tips', header: t('col_tips'), cell: (r) => money(r.tips), sortingField: 'tips' },
    { id: 'bookings', header: t('earnings_col_bookings'), cell: (r) => r.bookings, sortingField: 'bookings' },
  ], [t, money]);

  const csv = useMemo<CsvColumn<Row>[]>(() => [
    { header: t('earnings_col_year'), value: (r) => String(r.year) },
    { header: t('earnings_col_month'), value: (r) => r.monthsName },
    { header: t('earnings_col_driver'), value: (r) => r.driverName },
    { header: t('earnings_col_vehicle'), value: (r) => r.driverVehicleNo },
    { header: t('earnings_col_share'), value: (r) => r.driverShare.toFixed(2) },
    { header: t('col_tips'), value: (r) => r.tips.toFixed(2) },
    { header: t('earnings_col_bookings'), value: (r) => String(r.bookings) },
  ], [t]);

  const table = useTablePage<Row, { items: Row[] }>({
    load,
    rows: itemsOf,
    // A trip of one of the caller's drivers becoming PAID moves these numbers.
    topic: role === 'fleetadmin' ? `bookings/fleet/${user?.id ?? ''}` : 'bookings/all',
    trackBy: 'key',
    columns,
    filtering: { placeholder: t('earnings_find'), fields: ['label', 'monthsName', 'driverName', 'driverVehicleNo', 'year'], empty: <EmptyState title={t('no_data_available')} subtitle={t('driver_earnings_empty')} /> },
    sorting: { columnId: 'month', descending: true },
    preferences: { storageKey: 'driver-earnings.preferences', pageSizes: [10, 20, 50, 100], pageSize: 20, stripedRows: true },
    // Spec §6: export is always on for earnings.
    csv: { fileName: 'driver-earnings', columns: csv },
  });

  const periods = [...new Map(table.rows.map((r) => [r.period, r.label])).entries()].sort((a, b) => b[0].localeCompare(a[0]));
  const [chosen, setChosen] = useState<string>();
  const period = chosen && periods.some(([p]) => p === chosen) ? chosen : periods[0]?.[0];
  const inMonth = table.rows.filter((r) => r.period === period).sort((a, b) => b.driverShare + b.tips - a.driverShare - a.tips).slice(0, 15);
  const xDomain = inMonth.map((r) => r.driverName || r.driverUid);
  const periodLabel = periods.find(([p]) => p === period)?.[1] ?? '';

  return (
    <ContentLayout header={<Header variant="h1" description={t('driver_earnings_description')}>{t('driver_earnings_title')}</Header>}>
      <SpaceBetween size="l">
        {table.loadError}
        <Container
          header={
            <Header
              variant="h2"
              actions={periods.length ? (
                <FormField label={t('earnings_month')}>
                  <Select
                    selectedOption={period ? { value: period, label: periodLabel } : null}
                    options={periods.map(([value, label]) => ({ value, label }))}
                    onChange={({ detail }) => setChosen(detail.selectedOption.value)}
                    data-testid="driver-earnings-month"
                  />
                </FormField>
              ) : undefined}
            >
              {t('earnings_chart_drivers', { month: periodLabel })}
            </Header>
          }
        >
          <MoneyBarChart
            series={[
              { title: t('earnings_col_share'), type: 'bar', data: inMonth.map((r) => ({ x: r.driverName || r.driverUid, y: r.driverShare })) },
              { title: t('earn_tips_series'), type: 'bar', data: inMonth.map((r) => ({ x: r.driverName || r.driverUid, y: r.tips })) },
            ]}
            xDomain={xDomain}
            money={money}
            horizontal
            loading={table.loading && !table.data}
            error={!!table.error}
            ariaLabel={t('earnings_chart_drivers', { month: periodLabel })}
            testId="driver-earnings-chart"
          />
        </Container>
        <ResponsiveCollection
          {...table.tableProps}
          filter={table.textFilter}
          header={<TableHeader variant="h2" title={t('driver_earnings_title')} count={table.count} actions={table.exportButton} />}
          data-testid="driver-earnings-table"
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
