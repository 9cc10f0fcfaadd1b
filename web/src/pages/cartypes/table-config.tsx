import Box from '@cloudscape-design/components/box';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TFunction } from 'i18next';
import type { CarType, PublicSettings } from '../../../../shared/src/contract';
import type { CsvColumn } from '../../components/csv';
import { formatMoney, formatPercent } from '../../components/format-money';

export const PAGE_SIZES = [10, 20, 50] as const;

/** Shown once chosen in the preferences. */
export const HIDDEN_BY_DEFAULT = ['extra_info'];

/** Columns only delivery mode shows (spec §1: delivery adds parcel types and options). */
export const DELIVERY_ONLY = new Set(['parcel_types', 'options']);

/** 'percent' and 'percentage' both exist in stored data (FeeType); both mean a share of the fare. */
export const isPercent = (type: CarType['convenience_fee_type']) => type !== 'flat';

type Settings = Pick<PublicSettings, 'symbol' | 'convert_to_mile' | 'appMode'>;

export function feeText(t: TFunction, c: CarType, symbol: string, locale: string): string {
  return t('fee_with_type', {
    amount: isPercent(c.convenience_fee_type) ? formatPercent(c.convenience_fees, locale) : formatMoney(c.convenience_fees, symbol, locale),
    type: t(isPercent(c.convenience_fee_type) ? 'fee_type_percent' : 'fee_type_flat'),
  });
}

export function carTypeColumns(t: TFunction, settings: Settings, locale: string): TableProps.ColumnDefinition<CarType>[] {
  const money = (n: number) => formatMoney(n, settings.symbol, locale);
  const list = (items: { description: string; amount: number }[]) =>
    items.length ? items.map((p) => `${p.description} (${money(p.amount)})`).join(', ') : '—';
  const columns: TableProps.ColumnDefinition<CarType>[] = [
    {
      id: 'image',
      header: t('col_image'),
      cell: (c) =>
        c.image ? (
          <img src={c.image} alt={c.name} width={48} height={32} style={{ objectFit: 'contain', display: 'block' }} />
        ) : (
          <Box color="text-status-inactive">—</Box>
        ),
      minWidth: 72,
    },
    { id: 'name', header: t('col_name'), cell: (c) => c.name, sortingField: 'name', isRowHeader: true },
    { id: 'base_fare', header: t('col_base_fare'), cell: (c) => money(c.base_fare), sortingField: 'base_fare' },
    {
      id: 'rate_per_unit_distance',
      // The unit follows the settings switch (spec §9 convert_to_mile).
      header: t(settings.convert_to_mile ? 'col_rate_per_mile' : 'col_rate_per_km'),
      cell: (c) => money(c.rate_per_unit_distance),
      sortingField: 'rate_per_unit_distance',
    },
    { id: 'rate_per_hour', header: t('col_rate_per_hour'), cell: (c) => money(c.rate_per_hour), sortingField: 'rate_per_hour' },
    { id: 'min_fare', header: t('col_min_fare'), cell: (c) => money(c.min_fare), sortingField: 'min_fare' },
    { id: 'convenience_fee', header: t('col_convenience_fee'), cell: (c) => feeText(t, c, settings.symbol, locale), sortingField: 'convenience_fees' },
    {
      id: 'parcel_types',
      header: t('col_parcel_types'),
      cell: (c) => list(c.parcelTypes),
      sortingComparator: (a, b) => a.parcelTypes.length - b.parcelTypes.length,
    },
    { id: 'options', header: t('col_options'), cell: (c) => list(c.options), sortingComparator: (a, b) => a.options.length - b.options.length },
    {
      id: 'cancel_slab',
      header: t('col_cancel_slab'),
      cell: (c) =>
        c.cancelSlab.length ? c.cancelSlab.map((s) => t('slab_row', { mins: s.minsDelayed, amount: money(s.amount) })).join(', ') : '—',
      sortingComparator: (a, b) => a.cancelSlab.length - b.cancelSlab.length,
    },
    { id: 'extra_info', header: t('col_extra_info'), cell: (c) => c.extra_info || '—', sortingField: 'extra_info' },
  ];
  return columns.filter((c) => settings.appMode === 'delivery' || !DELIVERY_ONLY.has(c.id ?? ''));
}

/** CSV export (always on for car types, spec §6): plain numbers, not formatted money. */
export function csvColumns(t: TFunction, settings: Settings): CsvColumn<CarType>[] {
  const rows = (items: { description: string; amount: number }[]) => items.map((p) => `${p.description}: ${p.amount.toFixed(2)}`).join('; ');
  const columns: (CsvColumn<CarType> & { delivery?: boolean })[] = [
    { header: t('col_name'), value: (c) => c.name },
    { header: t('col_base_fare'), value: (c) => c.base_fare.toFixed(2) },
    { header: t(settings.convert_to_mile ? 'col_rate_per_mile' : 'col_rate_per_km'), value: (c) => c.rate_per_unit_distance.toFixed(2) },
    { header: t('col_rate_per_hour'), value: (c) => c.rate_per_hour.toFixed(2) },
    { header: t('col_min_fare'), value: (c) => c.min_fare.toFixed(2) },
    { header: t('col_convenience_fee'), value: (c) => c.convenience_fees },
    { header: t('col_fee_type'), value: (c) => c.convenience_fee_type },
    { header: t('col_parcel_types'), value: (c) => rows(c.parcelTypes), delivery: true },
    { header: t('col_options'), value: (c) => rows(c.options), delivery: true },
    { header: t('col_cancel_slab'), value: (c) => c.cancelSlab.map((s) => `${s.minsDelayed}: ${s.amount.toFixed(2)}`).join('; ') },
    { header: t('col_extra_info'), value: (c) => c.extra_info ?? '' },
  ];
  return columns.filter((c) => settings.appMode === 'delivery' || !c.delivery);
}
