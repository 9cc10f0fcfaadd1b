import Box from '@cloudscape-design/components/box';
import Cards, { type CardsProps } from '@cloudscape-design/components/cards';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import { SMALL_SCREEN, useMediaQuery } from '../use-media-query';
import { withEmptyMark } from './column-config';

export type ResponsiveCollectionProps<T> = TableProps<T> & {
  /** Shown under the table, or under the cards (Cards has no footer of its own). */
  footer?: ReactNode;
  'data-testid'?: string;
};

/** Columns at least this wide (addresses, names) take the card's whole width; the rest go two a row. */
const WIDE_COLUMN_PX = 160;

/** A card's sections from the table's columns: the row header is the card's title, not a section. */
export function cardDefinitionOf<T>(columns: readonly TableProps.ColumnDefinition<T>[]): {
  definition: CardsProps.CardDefinition<T>;
  headerId: string | undefined;
} {
  const headerColumn = columns.find((c) => c.isRowHeader) ?? columns[0];
  const sections = columns
    .filter((c) => c !== headerColumn)
    .map((c, i) => ({
      id: c.id ?? String(i),
      header: c.header,
      content: (item: T) => c.cell(item),
      width: typeof c.minWidth === 'number' && c.minWidth >= WIDE_COLUMN_PX ? 100 : 50,
    }));
  return {
    definition: {
      ...(headerColumn ? { header: (item: T) => <Box variant="h3" padding="n">{headerColumn.cell(item)}</Box> } : {}),
      sections,
    },
    headerId: headerColumn?.id,
  };
}

/** The ids of the sections a card shows: the columns shown in the table, less its title. */
export function visibleSectionsOf<T>(
  columns: readonly TableProps.ColumnDefinition<T>[],
  display: TableProps['columnDisplay'],
  headerId: string | undefined,
): string[] {
  const shown = display ? display.filter((c) => c.visible).map((c) => c.id) : columns.map((c, i) => c.id ?? String(i));
  return shown.filter((id) => id !== headerId);
}

/**
 * One collection, two layouts: the Cloudscape Table on a wide screen and Cards on a phone (below
 * 768 px, spec §9's breakpoint), both from the same column definitions, items, selection,
 * filter, pagination and preferences. A table wider than a phone makes its reader scroll sideways
 * for every row; a card shows the same fields stacked.
 */
export function ResponsiveCollection<T>(props: ResponsiveCollectionProps<T>) {
  const phone = useMediaQuery(SMALL_SCREEN);
  const { footer, ...rest } = props;
  const tableProps = { ...rest, columnDefinitions: withEmptyMark(rest.columnDefinitions) };
  if (!phone) return <Table {...tableProps} footer={footer} />;

  const { definition, headerId } = cardDefinitionOf(tableProps.columnDefinitions);
  const itemSelectionLabel = props.ariaLabels?.itemSelectionLabel;
  const cards = (
    <Cards<T>
      items={props.items}
      cardDefinition={definition}
      visibleSections={visibleSectionsOf(tableProps.columnDefinitions, props.columnDisplay, headerId)}
      cardsPerRow={[{ cards: 1 }]}
      {...(props.trackBy !== undefined ? { trackBy: props.trackBy } : {})}
      {...(props.selectionType ? { selectionType: props.selectionType } : {})}
      {...(props.selectedItems ? { selectedItems: props.selectedItems } : {})}
      {...(props.onSelectionChange ? { onSelectionChange: props.onSelectionChange } : {})}
      {...(props.isItemDisabled ? { isItemDisabled: props.isItemDisabled } : {})}
      // Cards would prefix each card's label with the group's: a card is named as its table row is.
      ariaLabels={{
        selectionGroupLabel: '',
        itemSelectionLabel: (state, item) => (itemSelectionLabel ? itemSelectionLabel(state, item) : ''),
      }}
      loading={props.loading}
      loadingText={props.loadingText}
      empty={props.empty}
      filter={props.filter}
      header={props.header}
      pagination={props.pagination}
      preferences={props.preferences}
      variant={props.variant === 'full-page' ? 'full-page' : 'container'}
      stickyHeader={props.stickyHeader}
      data-testid={props['data-testid']}
    />
  );
  return footer ? (
    <div>
      {cards}
      <Box padding={{ top: 's' }}>{footer}</Box>
    </div>
  ) : (
    cards
  );
}
