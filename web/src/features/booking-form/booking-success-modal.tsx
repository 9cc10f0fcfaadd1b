import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { paymentActions } from '../../../../shared/src/domain/booking-payment';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { CheckoutModal } from '../../components/checkout/checkout-modal';
import { formatMoney } from '../../components/format-money';
import { useTopic } from '../../live/use-topic';
import { useOperatorZone } from '../operator-clock/use-operator-zone';
import { formatTripDate } from './format-trip';

export interface BookingSuccessModalProps {
  booking: BookingView;
  onClose: () => void;
  /** The primary action: to the booking list (spec: taxi mode goes to /bookings; delivery pays there). */
  onGoToBookings: () => void;
  /** The rider's own booking: follow it on the trip view. */
  onOpenTrip?: () => void;
  goLabel: string;
}

/** What is happening to the booking now, in one line. */
function DispatchState({ booking }: { booking: BookingView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const zone = useOperatorZone();
  switch (booking.status) {
    case 'NEW':
      if (booking.bookLater) {
        return <StatusIndicator type="pending">{t('bf_scheduled_for', { date: formatTripDate(booking.tripdate, locale, zone) })}</StatusIndicator>;
      }
      return (
        <SpaceBetween size="xxs">
          <StatusIndicator type="loading">
            {booking.offersOut > 0 ? t('bf_offered_to', { count: booking.offersOut }) : t('bf_finding_drivers')}
          </StatusIndicator>
          {booking.dispatchRound > 0 ? (
            <Box fontSize="body-s" color="text-body-secondary">
              {t('bf_dispatch_round', { round: booking.dispatchRound, rounds: booking.dispatchRounds })}
            </Box>
          ) : null}
        </SpaceBetween>
      );
    case 'PAYMENT_PENDING':
      return <StatusIndicator type="pending">{t('bf_payment_pending')}</StatusIndicator>;
    case 'CANCELLED':
      return <StatusIndicator type="error">{booking.reason ? t('bf_cancelled_reason', { reason: booking.reason }) : t('status_CANCELLED')}</StatusIndicator>;
    default:
      return (
        <StatusIndicator type="success">
          {booking.driver_name
            ? t('bf_driver_on_the_way', { name: booking.driver_name, vehicle: booking.vehicle_number ?? '' })
            : t(`status_${booking.status}`)}
        </StatusIndicator>
      );
  }
}

/**
 * Spec §2/§8 booking success: booking_success followed by the booking id. A Book Now booking
 * then shows its offers going out (`offersOut`, refreshed live through the `booking/<id>` topic)
 * until a driver accepts or it is cancelled.
 */
export function BookingSuccessModal({ booking, onClose, onGoToBookings, onOpenTrip, goLabel }: BookingSuccessModalProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [live, setLive] = useState(booking);
  const refresh = useCallback(() => {
    api.fetchBooking({ params: { id: booking.id } }).then(setLive, () => undefined);
  }, [api, booking.id]);
  const [paying, setPaying] = useState(false);
  // Only a booking waiting for its payment or its driver still changes from this dialog's view.
  useTopic(`booking/${booking.id}`, refresh, live.status === 'NEW' || live.status === 'PAYMENT_PENDING');
  // The rider's own booking waiting for its payment (delivery mode) is paid from here.
  // The rider's own booking (they may open its trip): the prepayment it waits for, never a second one.
  const payable = onOpenTrip !== undefined && paymentActions(live, { role: 'rider', criticalEdits: settings.AllowCriticalEditsAdmin }).ahead;

  if (paying) {
    return <CheckoutModal subject={{ kind: 'booking', booking: live }} onBookingChange={setLive} onClose={() => { setPaying(false); refresh(); }} />;
  }
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('bf_success_title')}
      closeAriaLabel={t('close')}
      data-testid="booking-success"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="booking-success-close">
              {t('close')}
            </Button>
            <Button variant={onOpenTrip ? 'normal' : 'primary'} onClick={onGoToBookings} data-testid="booking-success-go">
              {goLabel}
            </Button>
            {onOpenTrip ? (
              <Button variant={payable ? 'normal' : 'primary'} onClick={onOpenTrip} data-testid="booking-success-trip">
                {t('trip_open')}
              </Button>
            ) : null}
            {payable ? (
              <Button variant="primary" onClick={() => setPaying(true)} data-testid="booking-success-pay">
                {t('pay_now')}
              </Button>
            ) : null}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <Alert type="success">
          {t('booking_success')} <strong data-testid="booking-success-id">{live.booking_id}</strong>
        </Alert>
        <div aria-live="polite" data-testid="booking-dispatch-state">
          <DispatchState booking={live} />
        </div>
        <KeyValuePairs
          columns={2}
          items={[
            { label: t('bf_status'), value: t(`status_${live.status}`) },
            { label: t('bf_grand_total'), value: formatMoney(live.estimate, settings.symbol, locale) },
            { label: t('bf_pickup'), value: live.pickupAddress },
            { label: t('bf_drop'), value: live.dropAddress },
            ...(live.otp !== undefined ? [{ label: t('bf_trip_code'), value: String(live.otp) }] : []),
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}
