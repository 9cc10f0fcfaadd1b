import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useState } from 'react';
import type { DocumentQueueEntry } from '../../../../shared/src/contract/driver-documents';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context';
import { errorText } from '../../components/error-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import { DriverDocumentsSection } from './driver-documents-section';
import { formatDay } from './format-day';

/**
 * The drivers whose documents need someone (an admin's, or a fleet admin's own): waiting for
 * review, or expiring within 14 days or expired. Each opens to the driver's documents, verified
 * or rejected right there. The queue comes a page at a time: More reads the next page; a driver
 * is listed once however many of their documents wait.
 */
export function DocumentQueue() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const api = useApi();
  const [state, setState] = useState<'pending' | 'expiring'>('pending');
  const load = useCallback((signal: AbortSignal) => api.fetchDocumentQueue({ query: { state } }, { signal }), [api, state]);
  const queue = useApiQuery(load);
  // Later pages, appended to the first page they followed; a new first page (another queue, a reload) starts over.
  const [later, setLater] = useState<{ of?: unknown; items: DocumentQueueEntry[]; next?: string }>({ items: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const following = later.of !== undefined && later.of === queue.data;
  const next = following ? later.next : queue.data?.next;
  const more = () => {
    if (!next) return;
    const of = queue.data;
    setLoadingMore(true);
    setMoreError(null);
    api.fetchDocumentQueue({ query: { state, cursor: next } })
      .then((page) => setLater((l) => ({ of, items: [...(l.of === of ? l.items : []), ...page.items], next: page.next })))
      .catch((e: unknown) => setMoreError(errorText(t, e)))
      .finally(() => setLoadingMore(false));
  };
  const seen = new Set<string>();
  const entries = [...(queue.data?.items ?? []), ...(following ? later.items : [])].filter((e) => !seen.has(e.driverId) && seen.add(e.driverId));
  return (
    <Container
      header={(
        <Header
          variant="h2"
          description={t('docs_queue_description')}
          actions={(
            <SegmentedControl
              selectedId={state}
              onChange={({ detail }) => setState(detail.selectedId as 'pending' | 'expiring')}
              options={[{ id: 'pending', text: t('docs_queue_pending') }, { id: 'expiring', text: t('docs_queue_expiring') }]}
              label={t('docs_queue_show')}
            />
          )}
        >
          {t('docs_queue_title')}
        </Header>
      )}
      data-testid="document-queue"
    >
      <LoadErrorAlert error={queue.error} onRetry={queue.reload} />
      {!queue.data ? (queue.error ? null : <Spinner />) : entries.length === 0 && !next ? (
        <Box color="text-status-inactive">{t('docs_queue_empty')}</Box>
      ) : (
        <SpaceBetween size="s">
          {entries.map((entry) => (
            <ExpandableSection
              key={entry.driverId}
              headerText={entry.driverName}
              headerDescription={entry.items.map((i) => `${t(`doc_${i.type}`)}: ${t(`doc_state_${i.state}`)}${i.expiresOn ? ` (${formatDay(i.expiresOn, locale)})` : ''}`).join(' · ')}
              variant="container"
              data-testid={`document-queue-${entry.driverId}`}
            >
              <DriverDocumentsSection driverId={entry.driverId} mode="reviewer" />
            </ExpandableSection>
          ))}
          {moreError ? <Box color="text-status-error">{moreError}</Box> : null}
          {next ? <Box textAlign="center"><Button onClick={more} loading={loadingMore} data-testid="document-queue-more">{t('show_more')}</Button></Box> : null}
        </SpaceBetween>
      )}
    </Container>
  );
}
