import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ProgressBar, { type ProgressBarProps } from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadTicket } from '../../../../shared/src/contract/uploads';
import { UploadTask, type MultipartCalls, type UploadSnapshot } from './upload-task';

/** Holds the page's current upload task and its latest snapshot. */
export function useUploadTask() {
  const [task, setTask] = useState<UploadTask | undefined>();
  const [snapshot, setSnapshot] = useState<UploadSnapshot | undefined>();
  const unsubscribe = useRef<() => void>(undefined);
  useEffect(() => () => unsubscribe.current?.(), []);
  /** Starts sending `file` with its ticket; resolves when stored, rejects on cancel or error. */
  const upload = useCallback((file: Blob, ticket: UploadTicket, calls?: MultipartCalls) => {
    unsubscribe.current?.();
    const next = new UploadTask(file, ticket, calls);
    unsubscribe.current = next.subscribe(setSnapshot);
    setTask(next);
    return next.finished;
  }, []);
  const clear = useCallback(() => { unsubscribe.current?.(); setTask(undefined); setSnapshot(undefined); }, []);
  return { task, snapshot, upload, clear };
}

const STATUS: Record<UploadSnapshot['state'], ProgressBarProps.Status> = {
  running: 'in-progress', pausing: 'in-progress', paused: 'in-progress', canceling: 'in-progress',
  success: 'success', canceled: 'error', error: 'error',
};

/** Decimal megabytes, as the file picker shows sizes. */
const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/**
 * Whether a task's progress is worth showing: while it runs and when it failed or was cancelled.
 * Once it succeeds the bar and its text go: each screen says what the upload achieved its own way
 * (a saved notice, the new image), and a stale "Uploaded · 1.0 of 1.0 MB" would sit there for good.
 */
export function isUploadShown(snapshot: UploadSnapshot | undefined): boolean {
  return snapshot !== undefined && snapshot.state !== 'success';
}

/** The task's progress (spec §4 upload task states) with Pause, Resume and Cancel; nothing after success. */
export function UploadProgress({ task, snapshot, label }: { task?: UploadTask; snapshot?: UploadSnapshot; label?: string }) {
  const { t } = useTranslation();
  if (!task || !snapshot || !isUploadShown(snapshot)) return null;
  const { state, sent, total } = snapshot;
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  const stateLabel = t(`upload_state_${state}`);
  return (
    <div data-testid="upload-progress" data-state={state}>
      <ProgressBar
        label={label ?? t('upload_progress_label')}
        value={percent}
        status={STATUS[state]}
        description={`${stateLabel} · ${t('upload_progress_bytes', { sent: mb(sent), total: mb(total) })}`}
        resultText={state === 'success' ? t('upload_state_success') : state === 'canceled' ? t('upload_state_canceled') : snapshot.error ? `${t('upload_state_error')}: ${t('upload_failed')}` : t('upload_state_error')}
        additionalInfo={state === 'running' || state === 'pausing' || state === 'paused' || state === 'canceling' ? (
          <Box padding={{ top: 'xs' }}>
            <SpaceBetween direction="horizontal" size="xs">
              {state === 'paused'
                ? <Button iconName="caret-right-filled" onClick={() => task.resume()}>{t('upload_resume')}</Button>
                : <Button iconName="pause" onClick={() => task.pause()} disabled={state !== 'running'}>{t('upload_pause')}</Button>}
              <Button iconName="close" onClick={() => task.cancel()} disabled={state === 'canceling'}>{t('upload_cancel')}</Button>
            </SpaceBetween>
          </Box>
        ) : undefined}
      />
    </div>
  );
}
