import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FileUpload from '@cloudscape-design/components/file-upload';
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
import { IMAGE_TYPES, imageProblem, MAX_DOCUMENT_BYTES } from '../../components/upload-file';
import { isUploadShown, UploadProgress, useUploadTask } from '../../components/upload/upload-progress';
import { useApiQuery } from '../../components/use-api-query';
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
      {mode === 'driver' ? <UploadDocument doc={doc} onSaved={onChange} /> : <ReviewDocument doc={doc} driverId={driverId} onReviewed={onChange} />}
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

/** The driver's upload: a picture and its expiry date, uploaded as the licence is (in parts above 5 MiB), then submitted. */
function UploadDocument({ doc, onSaved }: { doc: DriverDocument; onSaved: (d: DriverDocuments) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [files, setFiles] = useState<File[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const sending = useUploadTask();

  const save = async () => {
    const file = files[0];
    if (!file || !expiresOn) return setMessage({ type: 'error', text: t('doc_choose_file_first') });
    const bad = imageProblem(file, MAX_DOCUMENT_BYTES);
    if (bad) return setMessage({ type: 'error', text: t(bad) });
    setBusy(true);
    setMessage(null);
    try {
      const ticket = await api.createSignupUploadUrl({ body: { contentType: file.type as (typeof IMAGE_TYPES)[number], size: file.size } });
      const key = ticket.key;
      await sending.upload(file, ticket, {
        parts: (body) => api.createSignupUploadParts({ body: { ...body, key } }),
        complete: (body) => api.completeSignupUpload({ body: { ...body, key } }),
        abort: (body) => api.abortSignupUpload({ body: { ...body, key } }),
      });
      onSaved(await api.submitDriverDocument({ params: { type: doc.type }, body: { key, expiresOn } }));
      setFiles([]);
      setExpiresOn('');
      setMessage({ type: 'success', text: t('doc_saved', { document: t(`doc_${doc.type}`).toLowerCase() }) });
    } catch (e) {
      setMessage({ type: 'error', text: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SpaceBetween size="s">
      {message ? <Alert type={message.type} dismissible onDismiss={() => setMessage(null)} data-testid={`document-${doc.type}-message`}>{message.text}</Alert> : null}
      <FormField label={t('doc_picture')} constraintText={t('document_constraint')}>
        <FileUpload
          value={files}
          onChange={({ detail }) => { setFiles(detail.value.slice(0, 1)); setMessage(null); }}
          accept={IMAGE_TYPES.join(',')}
          showFileSize
          i18nStrings={{
            uploadButtonText: () => t(doc.state === 'missing' ? 'choose_file' : 'doc_replace'),
            dropzoneText: () => t('drop_file'),
            removeFileAriaLabel: () => t('remove_file'),
            errorIconAriaLabel: t('error'),
          }}
          data-testid={`document-${doc.type}-file`}
        />
      </FormField>
      <FormField label={t('doc_expiry_date')} description={t('doc_expiry_hint')}>
        <DatePicker
          value={expiresOn}
          onChange={({ detail }) => { setExpiresOn(detail.value); setMessage(null); }}
          placeholder="YYYY/MM/DD"
          openCalendarAriaLabel={(selected) => `${t('doc_expiry_date')}${selected ? `: ${selected}` : ''}`}
          expandToViewport
          data-testid={`document-${doc.type}-expiry`}
        />
      </FormField>
      {isUploadShown(sending.snapshot) ? <UploadProgress task={sending.task} snapshot={sending.snapshot} label={t(`doc_${doc.type}`)} /> : null}
      <Button onClick={() => void save()} loading={busy} disabled={files.length === 0 || !expiresOn} iconName="upload" data-testid={`document-${doc.type}-save`}>
        {t('doc_upload')}
      </Button>
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
