import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../../components/error-text';
import { imageProblem, MAX_DOCUMENT_BYTES } from '../../components/upload-file';
import { isUploadShown, UploadProgress, useUploadTask } from '../../components/upload/upload-progress';
import { SosButton } from '../sos/sos-button';
import { sosAllowed } from '../../../../shared/src/domain/sos';
import { nextStopIndex } from '../../../../shared/src/domain/stops';
import { isParcel, proofOutstanding } from '../../../../shared/src/domain/delivery-proof';
import { formatMoney } from '../../components/format-money';
import { DropProofActions } from '../delivery-proof/drop-proof-actions';

const NOTICE_ID = 'trip-result';
type Kind = 'pickup_image' | 'deliver_image';
const PHOTO_AT: Record<Kind, readonly string[]> = { pickup_image: ['ARRIVED', 'STARTED'], deliver_image: ['STARTED', 'REACHED'] };

/**
 * The driver's next step on their trip (spec §4): arrived, start (with the rider's code when the
 * booking needs it), reached, then cash collected, the rider paying in the app, or a prepaid drop;
 * giving the trip up before pickup; the parcel photos in delivery mode.
 */
export function DriverTripActions({ booking: b, onChange, onGone }: { booking: BookingView; onChange: (b: BookingView) => void; onGone?: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { notify } = useNotifications();
  const [busy, setBusy] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [givingUp, setGivingUp] = useState(false);
  const id = { params: { id: b.id } };
  const nextStop = nextStopIndex(b);
  // A parcel's drop records its proof first (domain/delivery-proof); settling waits while it is due.
  const proofDue = proofOutstanding(b);
  const proving = b.status === 'REACHED' && settings.appMode === 'delivery' && isParcel(b) && (!b.deliveryProof || proofDue);
  const sending = useUploadTask();

  const run = (name: string, call: () => Promise<void>) => {
    setBusy(name);
    call()
      .catch((e: unknown) => {
        if (isApiError(e) && e.code === 'trip_code_mismatch') setCodeError(errorText(t, e));
        else notify({ id: NOTICE_ID, type: 'error', messageKey: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
      })
      .finally(() => setBusy(undefined));
  };
  const step = (name: string, call: () => Promise<BookingView>) => run(name, async () => onChange(await call()));

  const upload = (kind: Kind, file: File) => run(kind, async () => {
    const contentType = file.type as 'image/jpeg' | 'image/png' | 'image/webp';
    const bad = imageProblem(file, MAX_DOCUMENT_BYTES);
    if (bad) { notify({ id: NOTICE_ID, type: 'error', messageKey: bad }); return; }
    const params = { id: b.id, kind };
    const ticket = await api.createTripPhotoUploadUrl({ params, body: { contentType, size: file.size } });
    // Above 5 MiB the photo goes in parts, through the photo's own multipart routes.
    await sending.upload(file, ticket, {
      parts: (body) => api.createTripPhotoUploadParts({ params, body }),
      complete: (body) => api.completeTripPhotoUpload({ params, body }),
      abort: (body) => api.abortTripPhotoUpload({ params, body }),
    });
    onChange(await api.setTripPhoto({ params: { id: b.id, kind }, body: {} }));
    notify({ id: NOTICE_ID, type: 'success', messageKey: 'trip_photo_saved' });
  });

  const photos = settings.appMode === 'delivery'
    // A recorded drop keeps its delivery photo as proof: no new one is taken.
    ? (['pickup_image', 'deliver_image'] as const).filter((k) => PHOTO_AT[k].includes(b.status) && !(k === 'deliver_image' && b.deliveryProof)).map((kind) => (
        <FormField key={kind} label={t(kind === 'pickup_image' ? 'trip_photo_pickup' : 'trip_photo_deliver')}>
          <FileUpload
            value={[]}
            accept="image/jpeg,image/png,image/webp"
            onChange={({ detail }) => { if (detail.value[0]) upload(kind, detail.value[0]); }}
            i18nStrings={{ uploadButtonText: () => t('trip_photo_take'), dropzoneText: () => t('trip_photo_take'), removeFileAriaLabel: () => t('close'), limitShowFewer: '', limitShowMore: '', errorIconAriaLabel: '' }}
            data-testid={`trip-photo-${kind}`}
          />
        </FormField>
      ))
    : [];

  // Only what the trip needs now: no empty rows between the buttons, the photos and the progress.
  const uploading = isUploadShown(sending.snapshot);
  return (
    <SpaceBetween size="s" direction="vertical">
      <SpaceBetween direction="horizontal" size="xs" alignItems="end">
        {b.status === 'ACCEPTED' ? (
          <Button variant="primary" loading={busy === 'arrive'} data-testid="trip-arrive" onClick={() => step('arrive', () => api.arriveBooking({ ...id, body: {} }))}>{t('trip_arrived_button')}</Button>
        ) : null}
        {b.status === 'ARRIVED' ? (
          <>
            {b.tripCodeRequired ? (
              <FormField label={t('trip_code_input')} errorText={codeError}>
                <Input value={code} inputMode="numeric" onChange={({ detail }) => { setCode(detail.value.replace(/\D/g, '').slice(0, 5)); setCodeError(undefined); }} data-testid="trip-code-input" />
              </FormField>
            ) : null}
            <Button variant="primary" loading={busy === 'start'} disabled={b.tripCodeRequired && code.length !== 5} data-testid="trip-start"
              onClick={() => step('start', () => api.startTrip({ ...id, body: b.tripCodeRequired ? { otp: code } : {} }))}>{t('trip_start_button')}</Button>
          </>
        ) : null}
        {/* Stops first, in order (domain/stops): the drop waits until every stop is reached. */}
        {b.status === 'STARTED' && nextStop !== undefined ? (
          <Button variant="primary" loading={busy === 'stop'} data-testid="trip-stop-reach"
            onClick={() => step('stop', () => api.reachStop({ ...id, body: { index: nextStop } }))}>{t('stop_reach_button', { n: nextStop + 1 })}</Button>
        ) : null}
        {b.status === 'STARTED' && nextStop === undefined ? (
          <Button variant="primary" loading={busy === 'reach'} data-testid="trip-reach" onClick={() => step('reach', () => api.reachBooking({ ...id, body: {} }))}>{t('trip_reach_button')}</Button>
        ) : null}
        {b.status === 'REACHED' && b.prepaid && !proofDue ? (
          <Button variant="primary" loading={busy === 'cash'} data-testid="trip-complete-drop" onClick={() => step('cash', () => api.settleBooking({ ...id, body: { method: 'cash' } }))}>{t('trip_complete_drop')}</Button>
        ) : null}
        {b.status === 'REACHED' && !b.prepaid && !proofDue ? (
          <>
            <Button variant="primary" loading={busy === 'cash'} data-testid="trip-cash" onClick={() => step('cash', () => api.settleBooking({ ...id, body: { method: 'cash' } }))}>{t('trip_cash_button')}</Button>
            <Button loading={busy === 'later'} data-testid="trip-later" onClick={() => step('later', () => api.settleBooking({ ...id, body: { method: 'later' } }))}>{t('trip_later_button')}</Button>
          </>
        ) : null}
        {b.status === 'PENDING' ? <Box color="text-body-secondary">{t('trip_waiting_payment')}</Box> : null}
        {b.status === 'ACCEPTED' || b.status === 'ARRIVED' ? (
          <Button variant="normal" onClick={() => setGivingUp(true)} data-testid="trip-give-up">{t('trip_give_up')}</Button>
        ) : null}
        {/* Rendered only when it shows: SpaceBetween keeps a block for every child, even one that renders nothing. */}
        {sosAllowed(b.status) ? <SosButton booking={b} /> : null}
      </SpaceBetween>
      {photos.length ? photos : null}
      {proving ? <DropProofActions booking={b} money={(n) => formatMoney(n, settings.symbol ?? '')} onChange={onChange} /> : null}
      {uploading ? <UploadProgress task={sending.task} snapshot={sending.snapshot} /> : null}
      {givingUp ? (
        <Modal visible header={t('trip_give_up_title')} onDismiss={() => setGivingUp(false)} closeAriaLabel={t('close')}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setGivingUp(false)}>{t('trip_keep')}</Button>
                <Button variant="primary" loading={busy === 'release'} data-testid="trip-give-up-confirm" onClick={() => run('release', async () => {
                  await api.releaseBooking({ ...id, body: {} });
                  setGivingUp(false);
                  notify({ id: NOTICE_ID, type: 'success', messageKey: 'trip_given_up_notice' });
                  onGone?.();
                })}>{t('trip_give_up')}</Button>
              </SpaceBetween>
            </Box>
          }
        >
          {t('trip_give_up_text')}
        </Modal>
      ) : null}
    </SpaceBetween>
  );
}
