import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { ResponsiveCollection } from '../../components/collection/responsive-collection';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Withdraw } from '../../../../shared/src/contract/withdraws';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { EmptyState } from '../../components/empty-state';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';
import { bookingFormat } from '../../features/booking/booking-format';

/** A driver's own withdraw requests on /wallet, newest first, following `withdraws/<uid>` live. */
export function MyWithdraws({ uid, refreshKey }: { uid: string; refreshKey: number }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const f = useMemo(() => bookingFormat(t, locale, settings.symbol, settings.timeZone), [t, locale, settings.symbol, settings.timeZone]);
  const load = useCallback((signal: AbortSignal) => api.fetchWithdraws({ query: { limit: 50 } }, { signal }), [api]);
  const list = useApiQuery(load);
  // A request just made re-reads the list without waiting for the live event.
  const { reload } = list;
  useEffect(() => { if (refreshKey > 0) reload(); }, [refreshKey, reload]);
  useTopic(`withdraws/${uid}`, list.reload);
  const items = list.data?.items ?? [];

  return (
    <>
      <LoadErrorAlert error={list.error} onRetry={list.reload} />
      <ResponsiveCollection<Withdraw>
        header={
          <Header variant="h2" counter={list.data ? `(${items.length}${list.data.next ? '+' : ''})` : undefined} description={t('withdraw_my_requests_description')}>
            {t('withdraw_my_requests')}
          </Header>
        }
        items={items}
        loading={list.loading && !list.data}
        loadingText={t('loading')}
        trackBy="id"
        empty={<EmptyState title={t('withdraws_empty_heading')} subtitle={t('withdraws_empty_driver')} />}
        columnDefinitions={[
          { id: 'date', header: t('withdraw_col_date'), cell: (w) => f.dateTime(w.date) },
          { id: 'amount', header: t('withdraw_col_amount'), cell: (w) => f.money(w.amount) },
          {
            id: 'processed', header: t('withdraw_col_processed'),
            cell: (w) => (w.processed
              ? <StatusIndicator type="success">{t('withdraw_processed_yes')}</StatusIndicator>
              : <StatusIndicator type="pending">{t('withdraw_processed_no')}</StatusIndicator>),
          },
          { id: 'procesDate', header: t('withdraw_col_procesDate'), cell: (w) => (w.procesDate ? f.dateTime(w.procesDate) : '—') },
          { id: 'bankAccount', header: t('bank_account'), cell: (w) => w.bankAccount || '—' },
        ]}
        data-testid="my-withdraws"
      />
    </>
  );
}
