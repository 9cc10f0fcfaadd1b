import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TFunction } from 'i18next';
import type { CarType, PublicSettings } from '../../../../shared/src/contract';
import { formatMoney, formatPercent } from '../../components/format-money';

export interface CarTypePreferences {
  pageSize: number;
  contentDisplay: readonly CollectionPreferencesProps.ContentDisplayItem[];
}

export const PAGE_SIZES = [10, 20, 50] as const;

export const DEFAULT_PREFERENCES: CarTypePreferences = {
  pageSize: 10,
  contentDisplay: [
    'name',
    'base_fare',
    'rate_per_unit_distance',
    'rate_per_hour',
    'min_fare',
    'convenience_fee',
    'parcel_types',
    'options',
  ].map((id) => ({ id, visible: true })),
};

/** 'percent' and 'percentage' both exist in stored data (FeeType); both mean a share of the fare. */
const isPercent = (type: CarType['convenience_fee_type']) => type !== 'flat';

export function carTypeColumns(
  t: TFunction,
  settings: Pick<PublicSettings, 'symbol' | 'convert_to_mile'>,
  locale: string,
): TableProps.ColumnDefinition<CarType>[] {
  const money = (n: number) => formatMoney(n, settings.symbol, locale);
  return [
    { id: 'name', header: t('col_name'), cell: (c) => c.name, sortingField: 'name', isRowHeader: true },
    { id: 'base_fare', header: t('col_base_fare'), cell: (c) => money(c.base_fare), sortingField: 'base_fare' },
    {
      id: 'rate_per_unit_distance',
      // The unit follows the settings switch (spec §9 convert_to_mile).
      header: t(settings.convert_to_mile ? 'col_rate_per_mile' : 'col_rate_per_km'),
      cell: (c) => money(c.rate_per_unit_distance),
      sortingField: 'rate_per_unit_distance',
    },
    {
      id: 'rate_per_hour',
      header: t('col_rate_per_hour'),
      cell: (c) => money(c.rate_per_hour),
      sortingField: 'rate_per_hour',
    },
    { id: 'min_fare', header: t('col_min_fare'), cell: (c) => money(c.min_fare), sortingField: 'min_fare' },
    {
      id: 'convenience_fee',
      header: t('col_convenience_fee'),
      cell: (c) =>
        t('fee_with_type', {
          amount: isPercent(c.convenience_fee_type)
            ? formatPercent(c.convenience_fees, locale)
            : money(c.convenience_fees),
          type: t(isPercent(c.convenience_fee_type) ? 'fee_type_percent' : 'fee_type_flat'),
        }),
      sortingField: 'convenience_fees',
    },
    {
      id: 'parcel_types',
      header: t('col_parcel_types'),
      cell: (c) => c.parcelTypes.length,
      sortingComparator: (a, b) => a.parcelTypes.length - b.parcelTypes.length,
    },
    {
      id: 'options',
      header: t('col_options'),
      cell: (c) => c.options.length,
      sortingComparator: (a, b) => a.options.length - b.options.length,
    },
  ];
}

export function contentDisplayOptions(
  columns: readonly TableProps.ColumnDefinition<CarType>[],
): CollectionPreferencesProps.ContentDisplayOption[] {
  return columns.map((c) => ({ id: c.id ?? '', label: String(c.header), alwaysVisible: c.id === 'name' }));
}
