import CollectionPreferences, { type CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import { useTranslation } from 'react-i18next';

/** What a table remembers per browser (the stored shape of every table's preferences). */
export interface TablePreferencesValue {
  pageSize: number;
  contentDisplay: readonly CollectionPreferencesProps.ContentDisplayItem[];
  /** Present only on tables that offer the choice. */
  wrapLines?: boolean;
  stripedRows?: boolean;
}

export interface TablePreferencesProps {
  value: TablePreferencesValue;
  onChange: (value: TablePreferencesValue) => void;
  pageSizes: readonly number[];
  /** The column list; no column section without it. */
  columnOptions?: readonly CollectionPreferencesProps.ContentDisplayOption[];
  /** Offer the wrap-lines and striped-rows switches. */
  wrapLines?: boolean;
  stripedRows?: boolean;
}

/** The table's gear dialog: page size, columns (order and visibility), wrap lines, striped rows. */
export function TablePreferences({ value, onChange, pageSizes, columnOptions, wrapLines, stripedRows }: TablePreferencesProps) {
  const { t } = useTranslation();
  return (
    <CollectionPreferences
      title={t('preferences')}
      confirmLabel={t('confirm')}
      cancelLabel={t('cancel')}
      preferences={value}
      onConfirm={({ detail }) =>
        onChange({
          pageSize: detail.pageSize ?? value.pageSize,
          contentDisplay: detail.contentDisplay ?? value.contentDisplay,
          ...(wrapLines ? { wrapLines: detail.wrapLines ?? value.wrapLines } : {}),
          ...(stripedRows ? { stripedRows: detail.stripedRows ?? value.stripedRows } : {}),
        })
      }
      pageSizePreference={{
        title: t('page_size'),
        options: pageSizes.map((size) => ({ value: size, label: t('rows_per_page', { count: size }) })),
      }}
      wrapLinesPreference={wrapLines ? { label: t('wrap_lines'), description: t('wrap_lines_description') } : undefined}
      stripedRowsPreference={stripedRows ? { label: t('striped_rows'), description: t('striped_rows_description') } : undefined}
      contentDisplayPreference={
        columnOptions
          ? { title: t('column_preferences'), description: t('column_preferences_description'), options: [...columnOptions] }
          : undefined
      }
    />
  );
}
