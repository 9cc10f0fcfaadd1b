import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarningReportRow } from '../../../../shared/src/contract/earnings';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { ResponsiveCollection } from '../../components/collection/responsive-collection';
import { itemsOf, useTablePage } from '../../components/collection/use-table-page';
import type { CsvColumn } from '../../components/csv';
import { EmptyState } from '../../components/empty-state';
import { formatMoney } from '../../components/format-money';
import { TableHeader } from '../../components/table-header';
import { MoneyBarChart } from './earnings-chart';

type Row = EarningReportRow & { key: string; label: string };

/**
 * Spec §2 /earningreports (admin): per year and month of trip date, what paid and completed trips
 * brought in (§3 Earning report row; profit = convenience fee − discount), as a chart of the
 * months beside the table; CSV export is always on for earnings (§6). Re-read live on
 * `bookings/all`, since a trip becoming PAID moves these numbers.
 */
export default function EarningReportsPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const money = useCallback((v: number) => formatMoney(v, settings.symbol, locale), [settings.symbol, locale]);
  const monthLabel = useCallback((r: { year: number; month: number }) =>
    new Date(Date.UTC(r.year, r.month - 1, 1)).toLocaleDateString(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }), [locale]);

  const load = useCallback(async (signal: AbortSignal) => {
    const out = await api.fetchEarningsReport({ query: {} }, { signal });
    return { items: out.items.map((r): Row => ({ ...r, key: `${r.year}-${r.month}`, label: monthLabel(r) })) };
  }, [api, monthLabel]);

  const columns = useMemo<TableProps.ColumnDefinition<Row>[]>(() => [
    { id: 'year', header: t('earnings_col_year'), cell: (r) => r.year, sortingField: 'year' },
    { id: 'month', header: t('earnings_col_month'), cell: (r) => new Date(Date.UTC(r.year, r.month - 1, 1)).toLocaleDateString(locale, { month: 'long', timeZone: 'UTC' }), sortingField: 'key', isRowHeader: true },
    { id: 'tripCost', header: t('earnings_col_trip_cost'), cell: (r) => money(r.tripCost), sortingField: 'tripCost' },
    { id: 'rideCost', header: t('earnings_col_ride_cost'), cell: (r) => money(r.rideCost), sortingField: 'rideCost' },
    { id: 'convenienceFee', header: t('earnings_col_fee'), cell: (r) => money(r.convenienceFee), sortingField: 'convenienceFee' },
    { id: 'discountAmount', header: t('earnings_col_discount'), cell: (r) => money(r.discountAmount), sortingField: 'discountAmount' },
    { id: 'profit', header: t('earnings_col_profit'), cell: (r) => money(r.profit), sortingField: 'profit' },
    // Tips pass whole to drivers: shown beside, never in the profit.
    { id: 'tips', header: t('col_tips'), cell: (r) => money(r.tips), sortingField: 'tips' },
    { id: 'bookings', header: t('earnings_col_bookings'), cell: (r) => r.bookings, sortingField: 'bookings' },
  ], [t, money]);

  const csv = useMemo<CsvColumn<Row>[]>(() => [
    { header: t('earnings_col_year'), value: (r) => String(r.year) },
    { header: t('earnings_col_month'), value: (r) => r.monthsName },
    { header: t('earnings_col_trip_cost'), value: (r) => r.tripCost.toFixed(2) },
    { header: t('earnings_col_ride_cost'), value: (r) => r.rideCost.toFixed(2) },
    { header: t('earnings_col_fee'), value: (r) => r.convenienceFee.toFixed(2) },
    { header: t('earnings_col_discount'), value: (r) => r.discountAmount.toFixed(2) },
    { header: t('earnings_col_profit'), value: (r) => r.profit.toFixed(2) },
    { header: t('col_tips'), value: (r) => r.tips.toFixed(2) },
    { header: t('earnings_col_bookings'), value: (r) => String(r.bookings) },
  ], [t]);

  const table = useTablePage<Row, { items: Row[] }>({
    load,
    rows: itemsOf,
    topic: 'bookings/all',
    trackBy: 'key',
    columns,
    filtering: { placeholder: t('earnings_find'), fields: ['label', 'monthsName', 'year'], empty: <EmptyState title={t('no_data_available')} subtitle={t('earning_reports_empty')} /> },
    sorting: { columnId: 'month', descending: true },
    preferences: { storageKey: 'earnings.preferences', pageSizes: [12, 24, 60], pageSize: 12, stripedRows: true },
    // Spec §6: export is always on for earnings.
    csv: { fileName: 'earning-reports', columns: csv },
  });

  // The chart shows the months oldest to newest (at most the last 12), fee and discount beside the profit.
  const months = [...table.rows].sort((a, b) => a.key.localeCompare(b.key, undefined, { numeric: true })).slice(-12);
  const xDomain = months.map((m) => m.label);
  const series = (['convenienceFee', 'discountAmount', 'profit'] as const).map((field) => ({
    title: t({ convenienceFee: 'earnings_col_fee', discountAmount: 'earnings_col_discount', profit: 'earnings_col_profit' }[field]),
    type: 'bar' as const,
    data: months.map((m) => ({ x: m.label, y: m[field] })),
  }));

  return (
    <ContentLayout header={<Header variant="h1" description={t('earnings_description')}>{t('earnings_title')}</Header>}>
      <SpaceBetween size="l">
        {table.loadError}
        <Container header={<Header variant="h2">{t('earnings_chart')}</Header>}>
          <MoneyBarChart series={series} xDomain={xDomain} money={money} loading={table.loading && !table.data} error={!!table.error} ariaLabel={t('earnings_chart')} testId="earnings-chart" />
        </Container>
        <ResponsiveCollection
          {...table.tableProps}
          filter={table.textFilter}
          header={<TableHeader variant="h2" title={t('earnings_title')} count={table.count} actions={table.exportButton} />}
          data-testid="earnings-table"
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
