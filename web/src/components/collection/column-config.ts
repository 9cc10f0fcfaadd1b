import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import type { CsvColumn } from '../csv';

/**
 * One column described once for the table, the CSV export, sorting and the column preferences,
 * so a header or a value cannot differ between the screen and the file.
 */
export interface ColumnConfig<T> {
  id: string;
  /** Translated. */
  header: string;
  /** The plain value: the CSV cell, the sort key without `sortingField`, and the cell without `cell`. */
  text: (item: T) => string | number;
  /** A richer cell (status indicator, image, link); `text` otherwise. */
  cell?: (item: T) => ReactNode;
  /** The exported value when it differs from `text` (plain numbers, not formatted money); false: not exported. */
  csv?: ((item: T) => unknown) | false;
  /** Sort by this field of the item; else by `sortingComparator`; else by `text`. */
  sortingField?: string;
  sortingComparator?: (a: T, b: T) => number;
  /** Shown before the user chooses otherwise (default true). */
  visible?: boolean;
  /** Cannot be hidden in the preferences. */
  alwaysVisible?: boolean;
  isRowHeader?: boolean;
  width?: number;
  minWidth?: number;
}

/** The mark for a value a row does not have (as the app's other empty values): an empty cell, or a card's bare label, reads as data missing. */
export const EMPTY_VALUE = '—';
const isEmpty = (v: ReactNode) => v === '' || v === null || v === undefined || v === false;

/** Every cell that renders nothing shows the empty-value mark instead, in the table and in the phone's cards alike. */
export function withEmptyMark<T>(columns: readonly TableProps.ColumnDefinition<T>[]): TableProps.ColumnDefinition<T>[] {
  return columns.map((c) => ({
    ...c,
    cell: (item: T) => {
      const v = c.cell(item);
      return isEmpty(v) ? EMPTY_VALUE : v;
    },
  }));
}

/** Numbers compare as numbers, everything else as text in the UI language. */
export function compareText(locale: string) {
  const collator = new Intl.Collator(locale, { numeric: true });
  return (a: string | number, b: string | number) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

export function columnDefinitions<T>(columns: readonly ColumnConfig<T>[], locale: string): TableProps.ColumnDefinition<T>[] {
  const compare = compareText(locale);
  return columns.map((c) => ({
    id: c.id,
    header: c.header,
    cell: c.cell ?? c.text,
    ...(c.sortingField
      ? { sortingField: c.sortingField }
      : { sortingComparator: c.sortingComparator ?? ((a: T, b: T) => compare(c.text(a), c.text(b))) }),
    ...(c.isRowHeader ? { isRowHeader: true } : {}),
    ...(c.width !== undefined ? { width: c.width } : {}),
    ...(c.minWidth !== undefined ? { minWidth: c.minWidth } : {}),
  }));
}

export function csvColumns<T>(columns: readonly ColumnConfig<T>[]): CsvColumn<T>[] {
  return columns.flatMap((c) => (c.csv === false ? [] : [{ header: c.header, value: c.csv ?? c.text }]));
}

/** The ids hidden until the user shows them, for `useTablePage`'s `preferences.hidden`. */
export function hiddenByDefault<T>(columns: readonly ColumnConfig<T>[]): string[] {
  return columns.filter((c) => c.visible === false).map((c) => c.id);
}

export function alwaysVisibleIds<T>(columns: readonly ColumnConfig<T>[]): string[] {
  return columns.filter((c) => c.alwaysVisible).map((c) => c.id);
}

/** The preferences' column list: every column in table order, with its default visibility. */
export function defaultContentDisplay<T>(
  columns: readonly TableProps.ColumnDefinition<T>[],
  hidden: readonly string[] = [],
): CollectionPreferencesProps.ContentDisplayItem[] {
  return columns.map((c) => ({ id: c.id ?? '', visible: !hidden.includes(c.id ?? '') }));
}

export function contentDisplayOptions<T>(
  columns: readonly TableProps.ColumnDefinition<T>[],
  alwaysVisible: readonly string[] = [],
): CollectionPreferencesProps.ContentDisplayOption[] {
  return columns.map((c) => ({ id: c.id ?? '', label: String(c.header), alwaysVisible: alwaysVisible.includes(c.id ?? '') }));
}

/**
 * A stored column list fitted to today's columns: ids that no longer exist (a column of the
 * other app mode, a removed column) are dropped, and new columns are added at their place in the
 * table with their default visibility. The user's order and choices are kept otherwise.
 */
export function reconcileContentDisplay(
  stored: readonly CollectionPreferencesProps.ContentDisplayItem[],
  defaults: readonly CollectionPreferencesProps.ContentDisplayItem[],
): CollectionPreferencesProps.ContentDisplayItem[] {
  const known = new Set(defaults.map((d) => d.id));
  const kept = stored.filter((s) => known.has(s.id));
  const seen = new Set(kept.map((s) => s.id));
  const result = [...kept];
  defaults.forEach((d, index) => {
    if (seen.has(d.id)) return;
    // After the column that precedes it in the table, so a new column appears where it belongs.
    const before = defaults.slice(0, index).reverse().find((p) => seen.has(p.id));
    const at = before ? result.findIndex((r) => r.id === before.id) + 1 : 0;
    result.splice(at, 0, d);
    seen.add(d.id);
  });
  return result;
}
