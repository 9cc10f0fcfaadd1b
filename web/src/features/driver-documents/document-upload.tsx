import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriverDocument, DriverDocuments } from '../../../../shared/src/contract/driver-documents';
import { useApi } from '../../api/api-context';
import { errorText } from '../../components/error-text';
import { IMAGE_TYPES, imageProblem, MAX_DOCUMENT_BYTES } from '../../components/upload-file';
import { isUploadShown, UploadProgress } from '../../components/upload/upload-progress';
import { useDocumentUpload } from '../../components/upload/use-document-upload';

/**
 * The driver's upload of one document, the same for the licence, the insurance and the
 * registration: a picture and its expiry date, sent as every document is (in parts above 5 MiB),
 * then submitted for review. A new licence is this too: its picture is the profile's licence image.
 */
export function DocumentUpload({ doc, onSaved }: { doc: DriverDocument; onSaved: (d: DriverDocuments) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [files, setFiles] = useState<File[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const sending = useDocumentUpload();
  const name = t(`doc_${doc.type}`);

  const save = async () => {
    const file = files[0];
    if (!file || !expiresOn) return setMessage({ type: 'error', text: t('doc_choose_file_first') });
    const bad = imageProblem(file, MAX_DOCUMENT_BYTES);
    if (bad) return setMessage({ type: 'error', text: t(bad) });
    setBusy(true);
    setMessage(null);
    try {
      const key = await sending.send(file);
      onSaved(await api.submitDriverDocument({ params: { type: doc.type }, body: { key, expiresOn } }));
      setFiles([]);
      setExpiresOn('');
      setMessage({ type: 'success', text: t('doc_saved', { document: name.toLowerCase() }) });
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
            uploadButtonText: () => t(doc.url || doc.state !== 'missing' ? 'doc_replace' : 'choose_file'),
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
      {isUploadShown(sending.snapshot) ? <UploadProgress task={sending.task} snapshot={sending.snapshot} label={name} /> : null}
      <Button onClick={() => void save()} loading={busy} disabled={files.length === 0 || !expiresOn} iconName="upload" data-testid={`document-${doc.type}-save`}>
        {t('doc_upload')}
      </Button>
    </SpaceBetween>
  );
}
