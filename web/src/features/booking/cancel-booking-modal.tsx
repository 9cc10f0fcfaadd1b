import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { errorText } from '../../components/error-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ProblemAlert, type ActionProblem } from '../../components/problem-alert';
import { useApiQuery } from '../../components/use-api-query';

export interface CancelBookingModalProps {
  booking: BookingView;
  onDismiss: () => void;
  onCancelled: (booking: BookingView) => void;
  /** What cancelling costs, shown before the reason (the rider's trip view). */
  notice?: ReactNode;
}

/**
 * Spec §4 Cancel for NEW or ACCEPTED: a reason from the cancellation reasons first; confirming
 * cancels with it (the server records who cancelled). Mounted only while open, so the reasons
 * are read fresh each time.
 */
export function CancelBookingModal({ booking, onDismiss, onCancelled, notice }: CancelBookingModalProps) {
  const { t } = useTranslation();
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.fetchCancelReasons({}, { signal }), [api]);
  const reasons = useApiQuery(load);
  const [reason, setReason] = useState<SelectProps.Option | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);

  const options: SelectProps.Option[] = (reasons.data?.items ?? []).map((r) => ({ value: String(r.value), label: r.label }));

  const confirm = async () => {
    if (!reason?.label) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const cancelled = await api.cancelBooking({ params: { id: booking.id }, body: { reason: reason.label } });
      onCancelled(cancelled);
    } catch (e) {
      setProblem({ key: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={t('cancel_booking_title', { id: booking.booking_id })}
      closeAriaLabel={t('close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {/* Not "Cancel": next to "Cancel booking" it would read as the same action. */}
            <Button variant="link" onClick={onDismiss} disabled={busy}>
              {t('keep_booking')}
            </Button>
            <Button variant="primary" onClick={() => void confirm()} loading={busy} data-testid="cancel-booking-confirm">
              {t('cancel_booking')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">{t('cancel_booking_text')}</Box>
        {notice}
        <LoadErrorAlert error={reasons.error} onRetry={reasons.reload} />
        <FormField label={t('cancel_reason_field')} errorText={missing && !reason ? t('select_proper') : undefined}>
          <Select
            selectedOption={reason}
            onChange={({ detail }) => setReason(detail.selectedOption)}
            options={options}
            placeholder={t('cancel_reason_placeholder')}
            statusType={reasons.loading ? 'loading' : 'finished'}
            loadingText={t('loading')}
            empty={t('no_cancel_reason')}
            invalid={missing && !reason}
            data-testid="cancel-reason-select"
          />
        </FormField>
        <ProblemAlert problem={problem} testId="cancel-booking-error" />
      </SpaceBetween>
    </Modal>
  );
}
