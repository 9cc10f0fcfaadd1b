import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarType } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../../components/error-text';
import { useApiQuery } from '../../components/use-api-query';
import { useLocalStorage } from '../../components/use-local-storage';
import {
  carTypeColumns,
  contentDisplayOptions,
  DEFAULT_PREFERENCES,
  PAGE_SIZES,
  type CarTypePreferences,
} from './table-config';

const NO_ITEMS: CarType[] = [];

function EmptyState({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <Box textAlign="center" color="inherit">
      <Box variant="strong" textAlign="center" color="inherit">
        {title}
      </Box>
      {subtitle ? (
        <Box variant="p" padding={{ bottom: 's' }} color="inherit">
          {subtitle}
        </Box>
      ) : null}
      {action}
    </Box>
  );
}

/** Spec §2 /cartypes (admin): read-only for now; add, edit, delete and the sub-tables come later. */
export default function CarTypesPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const load = useCallback((signal: AbortSignal) => api.fetchCarTypes({}, { signal }), [api]);
  const { data, error, loading, reload } = useApiQuery(load);
  const [preferences, setPreferences] = useLocalStorage<CarTypePreferences>('cartypes.preferences', DEFAULT_PREFERENCES);

  const locale = i18n.resolvedLanguage ?? i18n.language;
  const columns = useMemo(() => carTypeColumns(t, settings, locale), [t, settings, locale]);

  const { items, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(
    data?.items ?? NO_ITEMS,
    {
      filtering: {
        fields: ['name', 'extra_info'],
        empty: <EmptyState title={t('no_data_available')} />,
        noMatch: (
          <EmptyState
            title={t('no_matches')}
            subtitle={t('no_matches_description')}
            action={<Button onClick={() => actions.setFiltering('')}>{t('clear_filter')}</Button>}
          />
        ),
      },
      pagination: { pageSize: preferences.pageSize },
      sorting: { defaultState: { sortingColumn: columns[0] ?? {} } },
    },
  );

  return (
    <SpaceBetween size="m">
      {error ? (
        <Alert type="error" header={t('load_failed')} action={<Button onClick={reload}>{t('retry')}</Button>}>
          {errorText(t, error)}
        </Alert>
      ) : null}
      <Table
        {...collectionProps}
        variant="full-page"
        stickyHeader
        items={items}
        columnDefinitions={columns}
        columnDisplay={preferences.contentDisplay}
        trackBy="id"
        loading={loading}
        loadingText={t('loading')}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={data ? `(${data.items.length})` : undefined}
            description={t('car_types_description')}
          >
            {t('car_types_title')}
          </Header>
        }
        filter={
          <TextFilter
            {...filterProps}
            filteringPlaceholder={t('find_car_types')}
            filteringAriaLabel={t('find_car_types')}
            countText={t('filter_matches', { count: filteredItemsCount ?? 0 })}
          />
        }
        pagination={<Pagination {...paginationProps} />}
        preferences={
          <CollectionPreferences
            title={t('preferences')}
            confirmLabel={t('confirm')}
            cancelLabel={t('cancel')}
            preferences={preferences}
            onConfirm={({ detail }) =>
              setPreferences({
                pageSize: detail.pageSize ?? preferences.pageSize,
                contentDisplay: detail.contentDisplay ?? preferences.contentDisplay,
              })
            }
            pageSizePreference={{
              title: t('page_size'),
              options: PAGE_SIZES.map((value) => ({ value, label: t('rows_per_page', { count: value }) })),
            }}
            contentDisplayPreference={{
              title: t('column_preferences'),
              description: t('column_preferences_description'),
              options: contentDisplayOptions(columns),
            }}
          />
        }
      />
    </SpaceBetween>
  );
}
