import TextFilter, { type TextFilterProps } from '@cloudscape-design/components/text-filter';
import { useTranslation } from 'react-i18next';

export interface TableTextFilterProps {
  /** `filterProps` from `useCollection`. */
  filterProps: Omit<TextFilterProps, 'filteringPlaceholder' | 'filteringAriaLabel' | 'countText'>;
  /** Translated placeholder, also the aria label. */
  placeholder: string;
  filteredItemsCount: number | undefined;
}

/** A table's free-text filter with the match count. */
export function TableTextFilter({ filterProps, placeholder, filteredItemsCount }: TableTextFilterProps) {
  const { t } = useTranslation();
  return (
    <TextFilter
      {...filterProps}
      filteringPlaceholder={placeholder}
      filteringAriaLabel={placeholder}
      countText={t('filter_matches', { count: filteredItemsCount ?? 0 })}
    />
  );
}
