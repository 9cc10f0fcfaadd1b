import { useCollection, type UseCollectionResult } from '@cloudscape-design/collection-hooks';
import Pagination from '@cloudscape-design/components/pagination';
import type { TableProps } from '@cloudscape-design/components/table';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTopic } from '../../live/use-topic';
import { downloadCsv, toCsv, type CsvColumn } from '../csv';
import { NoMatchState } from '../empty-state';
import { ExportCsvButton } from '../export-csv-button';
import { LoadErrorAlert } from '../load-error-alert';
import { TableTextFilter } from '../table-text-filter';
import { useApiQuery } from '../use-api-query';
import { useLocalStorage } from '../use-local-storage';
import { contentDisplayOptions, defaultContentDisplay, reconcileContentDisplay } from './column-config';
import { TablePreferences, type TablePreferencesValue } from './table-preferences';

export interface TablePageOptions<T, D> {
  /** The read; keep it stable (useCallback): a new function loads again (e.g. other server filters). */
  load: (signal: AbortSignal) => Promise<D>;
  /** The rows in what `load` returns. */
  rows: (data: D) => readonly T[];
  /** A WebSocket topic whose change events re-read the table ('catalog', 'bookings/all', …). */
  topic?: string;
  /** The row key, for selection and for finding the selected row again after a re-read. */
  trackBy: keyof T & string;
  columns: readonly TableProps.ColumnDefinition<T>[];
  filtering: {
    /** Translated placeholder of the text filter. */
    placeholder: string;
    /** The item fields the text filter searches; or a function of its own. */
    fields?: string[];
    filteringFunction?: (item: T, filteringText: string) => boolean;
    /** The empty state (nothing loaded at all). */
    empty: ReactNode;
    /** Run too by the no-match state's "clear filter" (filters the page keeps itself). */
    onClear?: () => void;
  };
  /** The column sorted at first. */
  sorting?: { columnId?: string; descending?: boolean };
  /** Single selection for row actions. */
  selection?: { keepSelection?: boolean };
  /** Page size when the table has no preferences (default 10). */
  pageSize?: number;
  /** Remembered preferences (page size, columns, …); no gear without them. */
  preferences?: {
    /** localStorage key; the stored shape is `TablePreferencesValue`. */
    storageKey: string;
    pageSizes: readonly number[];
    pageSize: number;
    /** Column preferences: ids hidden until chosen, ids that cannot be hidden. */
    columns?: { hidden?: readonly string[]; alwaysVisible?: readonly string[] };
    /** Offer these switches, with their default. */
    wrapLines?: boolean;
    stripedRows?: boolean;
  };
  /** CSV export of every filtered row in sort order; leave out where the spec does not allow it. */
  csv?: { fileName: string; columns: readonly CsvColumn<T>[] };
}

export interface TablePage<T, D> {
  data: D | undefined;
  /** All loaded rows (before the text filter). */
  rows: readonly T[];
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replace the data with a write's response instead of reading again. */
  setData: (data: D) => void;
  collection: UseCollectionResult<T>;
  /** The selected row as it is in the latest data (a re-read replaces row objects). */
  selected: T | undefined;
  clearSelection: () => void;
  /** Spread on the Cloudscape Table; add header, ariaLabels and anything page-specific. */
  tableProps: Partial<TableProps<T>> & Pick<TableProps<T>, 'items' | 'columnDefinitions'>;
  /** The standard text filter with its match count (the table's `filter` unless the page adds more). */
  textFilter: ReactNode;
  /** The load-failure alert with Retry (nothing while there is no error). */
  loadError: ReactNode;
  /** Row count for the header, once loaded. */
  count: number | undefined;
  /** The export button, or null without `csv`. */
  exportButton: ReactNode;
  exportCsv: () => void;
}

const NONE: never[] = [];

/** `rows` for a read that returns the rows themselves. */
export function asRows<T>(rows: readonly T[]): readonly T[] {
  return rows;
}

/** `rows` for a read that returns `{ items }` (most list routes). */
export function itemsOf<T>(data: { items: readonly T[] }): readonly T[] {
  return data.items;
}

/**
 * The wiring every admin table repeats: the read (and re-read on a live topic), filtering,
 * sorting, pagination and selection through Cloudscape's collection hooks, remembered
 * preferences, CSV export, empty and no-match states and the load-error alert.
 */
export function useTablePage<T, D>(options: TablePageOptions<T, D>): TablePage<T, D> {
  const { t } = useTranslation();
  const { load, rows: rowsOf, topic, trackBy, columns, filtering, sorting, selection, preferences: prefs, csv } = options;
  const query = useApiQuery(load);
  useTopic(topic ?? '', query.reload, topic !== undefined);

  const rows = useMemo(() => (query.data === undefined ? NONE : rowsOf(query.data)), [query.data, rowsOf]);

  const hidden = prefs?.columns?.hidden;
  const defaults = useMemo<TablePreferencesValue>(
    () => ({
      pageSize: prefs?.pageSize ?? options.pageSize ?? 10,
      contentDisplay: defaultContentDisplay(columns, hidden),
      ...(prefs?.wrapLines !== undefined ? { wrapLines: prefs.wrapLines } : {}),
      ...(prefs?.stripedRows !== undefined ? { stripedRows: prefs.stripedRows } : {}),
    }),
    // The defaults matter only for the first read of the stored value; later column changes are
    // fitted in by reconcileContentDisplay below.
    [],
  );
  const [stored, setStored] = useLocalStorage<TablePreferencesValue>(prefs?.storageKey ?? null, defaults);
  // Columns follow the app mode and the role: fit the stored list to the columns of today.
  const contentDisplay = useMemo(
    () => reconcileContentDisplay(stored.contentDisplay, defaultContentDisplay(columns, hidden)),
    [stored.contentDisplay, columns, hidden],
  );
  const preferences = useMemo(() => ({ ...stored, contentDisplay }), [stored, contentDisplay]);

  const defaultSortColumn = sorting?.columnId ? columns.find((c) => c.id === sorting.columnId) : undefined;
  const collection = useCollection(rows, {
    filtering: {
      ...(filtering.fields ? { fields: filtering.fields } : {}),
      ...(filtering.filteringFunction ? { filteringFunction: filtering.filteringFunction } : {}),
      empty: filtering.empty,
      noMatch: (
        <NoMatchState
          onClear={() => {
            collection.actions.setFiltering('');
            filtering.onClear?.();
          }}
        />
      ),
    },
    pagination: { pageSize: prefs ? preferences.pageSize : (options.pageSize ?? 10) },
    sorting: defaultSortColumn ? { defaultState: { sortingColumn: defaultSortColumn, isDescending: sorting?.descending } } : {},
    ...(selection ? { selection: { trackBy, keepSelection: selection.keepSelection ?? false } } : {}),
  });
  const { items, allPageItems, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = collection;

  const selectedKey = collectionProps.selectedItems?.[0]?.[trackBy];
  const selected = selectedKey === undefined ? undefined : rows.find((r) => r[trackBy] === selectedKey);
  const clearSelection = useCallback(() => actions.setSelectedItems([]), [actions]);

  const exportCsv = () => {
    if (!csv) return;
    const date = new Date().toISOString().slice(0, 10);
    downloadCsv(`${csv.fileName}-${date}.csv`, toCsv(csv.columns, allPageItems));
  };

  const textFilter = (
    <TableTextFilter filterProps={filterProps} placeholder={filtering.placeholder} filteredItemsCount={filteredItemsCount} />
  );

  const tableProps: TablePage<T, D>['tableProps'] = {
    ...collectionProps,
    ...(selection ? { selectionType: 'single' as const } : {}),
    variant: 'full-page',
    stickyHeader: true,
    items,
    columnDefinitions: [...columns],
    trackBy,
    // Only the first read shows the loading state: a live re-read keeps the rows on screen.
    loading: query.loading && query.data === undefined,
    loadingText: t('loading'),
    filter: textFilter,
    pagination: <Pagination {...paginationProps} />,
    ...(prefs
      ? {
          columnDisplay: preferences.contentDisplay,
          ...(prefs.wrapLines !== undefined ? { wrapLines: preferences.wrapLines } : {}),
          ...(prefs.stripedRows !== undefined ? { stripedRows: preferences.stripedRows } : {}),
          preferences: (
            <TablePreferences
              value={preferences}
              onChange={setStored}
              pageSizes={prefs.pageSizes}
              columnOptions={contentDisplayOptions(columns, prefs.columns?.alwaysVisible)}
              wrapLines={prefs.wrapLines !== undefined}
              stripedRows={prefs.stripedRows !== undefined}
            />
          ),
        }
      : {}),
  };

  return {
    data: query.data,
    rows,
    error: query.error,
    loading: query.loading,
    reload: query.reload,
    setData: query.setData,
    collection,
    selected,
    clearSelection,
    tableProps,
    textFilter,
    loadError: <LoadErrorAlert error={query.error} onRetry={query.reload} />,
    count: query.data === undefined ? undefined : rows.length,
    exportButton: csv ? <ExportCsvButton onClick={exportCsv} disabled={rows.length === 0} /> : null,
    exportCsv,
  };
}
