import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { DELIVERY_CODE_MAX, DELIVERY_FAILURE_REASONS, RECEIVED_BY_MAX, type DeliveryFailureReason } from '../../../../shared/src/domain/delivery-proof';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { errorText } from '../../components/error-text';

const NOTICE_ID = 'trip-result';
const DIGITS = String(DELIVERY_CODE_MAX).length;

/**
 * The driver at a parcel's drop (domain/delivery-proof): the recipient's code; or, with nobody to
 * give it, the delivery photo (taken in the photos above) and who took the parcel; or a failed
 * delivery with its reason, and then, back at the pickup, the return done. The server decides
 * every one of them; this only asks.
 */
export function DropProofActions({ booking: b, money, onChange }: { booking: BookingView; money: (n: number) => string; onChange: (b: BookingView) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const { notify } = useNotifications();
  const [busy, setBusy] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [receivedBy, setReceivedBy] = useState('');
  const [reason, setReason] = useState<DeliveryFailureReason>();
  const params = { params: { id: b.id } };

  const run = (name: string, call: () => Promise<BookingView>, done: 'pod_recorded_notice' | 'pod_returning_notice') => {
    setBusy(name);
    call()
      .then((next) => { onChange(next); notify({ id: NOTICE_ID, type: 'success', messageKey: done }); })
      .catch((e: unknown) => {
        if (isApiError(e) && (e.code === 'delivery_code_mismatch' || e.code === 'delivery_code_locked')) setCodeError(errorText(t, e));
        else notify({ id: NOTICE_ID, type: 'error', messageKey: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
      })
      .finally(() => setBusy(undefined));
  };

  const failed = b.deliveryProof?.outcome === 'failed' ? b.deliveryProof : undefined;
  if (failed) {
    return (
      <SpaceBetween size="s" direction="vertical">
        <Alert type="warning" data-testid="pod-return-due">
          {t('pod_return_due', { pickup: b.pickupAddress, fare: money(failed.returnLeg?.trip_cost ?? 0) })}
        </Alert>
        <Button variant="primary" loading={busy === 'return'} data-testid="pod-returned"
          onClick={() => run('return', () => api.returnDelivery({ ...params, body: {} }), 'pod_returning_notice')}>{t('pod_returned_button')}</Button>
      </SpaceBetween>
    );
  }

  const reasons = DELIVERY_FAILURE_REASONS.map((r) => ({ value: r, label: t(`pod_reason_${r}`) }));
  return (
    <SpaceBetween size="s" direction="vertical">
      {b.deliveryCodeRequired ? (
        <SpaceBetween direction="horizontal" size="xs" alignItems="end">
          <FormField label={t('pod_code_label')} description={t('pod_code_hint')} errorText={codeError}>
            <Input value={code} inputMode="numeric" autoComplete={false} ariaRequired
              onChange={({ detail }) => { setCode(detail.value.replace(/\D/g, '').slice(0, DIGITS)); setCodeError(undefined); }} data-testid="pod-code" />
          </FormField>
          <Button variant="primary" loading={busy === 'code'} disabled={code.length !== DIGITS} data-testid="pod-code-confirm"
            onClick={() => run('code', () => api.proveDelivery({ ...params, body: { method: 'code', code } }), 'pod_recorded_notice')}>{t('pod_code_confirm')}</Button>
        </SpaceBetween>
      ) : null}
      <ExpandableSection headerText={t('pod_absent_title')} data-testid="pod-absent">
        <SpaceBetween size="xs">
          <FormField label={t('pod_received_by')} description={t('pod_absent_hint')} errorText={b.deliver_image ? undefined : t('pod_absent_photo_first')}>
            <Input value={receivedBy} placeholder={t('pod_received_by_placeholder')} onChange={({ detail }) => setReceivedBy(detail.value.slice(0, RECEIVED_BY_MAX))} data-testid="pod-received-by" />
          </FormField>
          <Button loading={busy === 'left'} disabled={!b.deliver_image || !receivedBy.trim()} data-testid="pod-left-with"
            onClick={() => run('left', () => api.proveDelivery({ ...params, body: { method: 'left_with', receivedBy } }), 'pod_recorded_notice')}>{t('pod_left_with_button')}</Button>
        </SpaceBetween>
      </ExpandableSection>
      <ExpandableSection headerText={t('pod_failed_title')} data-testid="pod-failed">
        <SpaceBetween size="xs">
          <FormField label={t('pod_failed_reason')} description={t('pod_failed_hint')}>
            <Select selectedOption={reasons.find((r) => r.value === reason) ?? null} options={reasons} placeholder={t('pod_failed_reason_placeholder')}
              onChange={({ detail }) => setReason(detail.selectedOption.value as DeliveryFailureReason)} data-testid="pod-failed-reason" />
          </FormField>
          <Button loading={busy === 'fail'} disabled={!reason} data-testid="pod-failed-confirm"
            onClick={() => run('fail', () => api.failDelivery({ ...params, body: { reason: reason! } }), 'pod_returning_notice')}>{t('pod_failed_button')}</Button>
        </SpaceBetween>
      </ExpandableSection>
    </SpaceBetween>
  );
}
