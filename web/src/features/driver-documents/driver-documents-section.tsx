import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriverDocument, DriverDocuments } from '../../../../shared/src/contract/driver-documents';
import { useApi } from '../../api/api-context';
import { errorText } from '../../components/error-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import { DocumentUpload } from './document-upload';
import { formatDay } from './format-day';
import '../driver-app/driver-app.css';

const STATE_INDICATOR: Record<DriverDocument['state'], StatusIndicatorProps.Type> = {
  missing: 'stopped', pending: 'pending', verified: 'success', rejected: 'error', expired: 'error',
};

/**
 * A driver's documents (licence, insurance, registration). The driver uploads each with its expiry
 * date on their profile; an admin, or the driver's fleet admin, sees the same documents on the
 * driver's page and verifies or rejects each. The server decides every state; this only shows it.
 */
export function DriverDocumentsSection({ driverId, mode }: { driverId: string; mode: 'driver' | 'reviewer' }) {
  const { t } = useTranslation();
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.fetchDriverDocuments({ params: { id: driverId } }, { signal }), [api, driverId]);
  const docs = useApiQuery(load);
  const name = (type: string) => t(`doc_${type}`);

  return (
    <Container
      header={<Header variant="h2" description={t(mode === 'driver' ? 'docs_description_driver' : 'docs_description_reviewer')}>{t('docs_title')}</Header>}
      data-testid="driver-documents"
    >
      <LoadErrorAlert error={docs.error} onRetry={docs.reload} />
      {!docs.data ? (docs.error ? null : <Spinner />) : (
        <SpaceBetween size="l">
          {docs.data.blocking ? (
            <Alert type="warning" data-testid="documents-blocking">
              {t(mode === 'driver' ? 'doc_blocking' : 'doc_blocking_reviewer', { document: name(docs.data.blocking.type).toLowerCase(), problem: t(`doc_problem_${docs.data.blocking.problem}`) })}
            </Alert>
          ) : null}
          <ColumnLayout columns={3} borders="vertical">
            {docs.data.items.map((doc) => (
              <DocumentCard key={doc.type} doc={doc} driverId={driverId} mode={mode} onChange={docs.setData} />
            ))}
          </ColumnLayout>
        </SpaceBetween>
      )}
    </Container>
  );
}

function DocumentCard({ doc, driverId, mode, onChange }: { doc: DriverDocument; driverId: string; mode: 'driver' | 'reviewer'; onChange: (d: DriverDocuments) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const name = t(`doc_${doc.type}`);
  return (
    <SpaceBetween size="s" data-testid={`document-${doc.type}`}>
      <Box variant="h3">{name}</Box>
      <SpaceBetween size="xs" direction="horizontal">
        <StatusIndicator type={STATE_INDICATOR[doc.state]} data-testid={`document-${doc.type}-state`}>{t(`doc_state_${doc.state}`)}</StatusIndicator>
        <Badge color={doc.mandatory ? 'blue' : 'grey'}>{t(doc.mandatory ? 'doc_required' : 'doc_optional')}</Badge>
      </SpaceBetween>
      {doc.expiresOn ? (
        <Box variant="small">
          {t('doc_expires', { date: formatDay(doc.expiresOn, locale) })}
          {doc.daysLeft !== undefined && doc.daysLeft >= 0 ? ` · ${t('doc_days_left', { count: doc.daysLeft })}` : ''}
        </Box>
      ) : null}
      {doc.expiresSoon ? (
        <Alert type="warning" data-testid={`document-${doc.type}-expiring`}>
          {t(mode === 'driver' ? 'doc_expires_soon' : 'doc_expires_soon_reviewer', { count: doc.daysLeft ?? 0 })}
        </Alert>
      ) : null}
      {doc.state === 'rejected' && doc.rejectReason ? <Alert type="error">{t('doc_rejected_because', { reason: doc.rejectReason })}</Alert> : null}
      {doc.url ? <img className="driver-licence" src={doc.url} alt={name} data-testid={`document-${doc.type}-image`} /> : null}
      {doc.reviewedAt !== undefined && doc.reviewedByName ? (
        <Box variant="small" color="text-body-secondary">{t('doc_reviewed_by', { name: doc.reviewedByName, date: new Date(doc.reviewedAt).toLocaleDateString(locale) })}</Box>
      ) : null}
      {mode === 'driver' ? <DocumentUpload doc={doc} onSaved={onChange} /> : <ReviewDocument doc={doc} driverId={driverId} onReviewed={onChange} />}
      {doc.history.length ? (
        <ExpandableSection headerText={t('doc_history')} variant="footer">
          <SpaceBetween size="xxs">
            {[...doc.history].reverse().map((h, i) => (
              <Box key={i} variant="small">
                {new Date(h.at).toLocaleString(locale)}: {t(`doc_history_${h.action}`, { name: h.byName, reason: h.reason ?? '' })}
              </Box>
            ))}
          </SpaceBetween>
        </ExpandableSection>
      ) : null}
    </SpaceBetween>
  );
}

/** An admin's or fleet admin's verdict on a pending document, naming the version they looked at. */
function ReviewDocument({ doc, driverId, onReviewed }: { doc: DriverDocument; driverId: string; onReviewed: (d: DriverDocuments) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  if (doc.state !== 'pending' || doc.version === undefined) return message ? <Alert type={message.type}>{message.text}</Alert> : null;

  const decide = async (decision: 'verified' | 'rejected') => {
    setBusy(true);
    setMessage(null);
    try {
      const next = await api.reviewDriverDocument({
        params: { id: driverId, type: doc.type },
        body: { decision, version: doc.version!, ...(decision === 'rejected' ? { reason } : {}) },
      });
      setRejecting(false);
      setMessage({ type: 'success', text: t(decision === 'verified' ? 'doc_verified_done' : 'doc_rejected_done', { document: t(`doc_${doc.type}`) }) });
      onReviewed(next);
    } catch (e) {
      setMessage({ type: 'error', text: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SpaceBetween size="s">
      {message ? <Alert type={message.type} dismissible onDismiss={() => setMessage(null)}>{message.text}</Alert> : null}
      {rejecting ? (
        <SpaceBetween size="s">
          <FormField label={t('doc_reject_reason')}>
            <Textarea value={reason} onChange={({ detail }) => setReason(detail.value)} rows={2} data-testid={`document-${doc.type}-reason`} />
          </FormField>
          <SpaceBetween size="xs" direction="horizontal">
            <Button onClick={() => setRejecting(false)} disabled={busy}>{t('doc_cancel')}</Button>
            <Button variant="primary" onClick={() => void decide('rejected')} loading={busy} disabled={!reason.trim()} data-testid={`document-${doc.type}-reject-confirm`}>{t('doc_reject_confirm')}</Button>
          </SpaceBetween>
        </SpaceBetween>
      ) : (
        <SpaceBetween size="xs" direction="horizontal">
          <Button variant="primary" onClick={() => void decide('verified')} loading={busy} data-testid={`document-${doc.type}-verify`}>{t('doc_verify')}</Button>
          <Button onClick={() => setRejecting(true)} disabled={busy} data-testid={`document-${doc.type}-reject`}>{t('doc_reject')}</Button>
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}
