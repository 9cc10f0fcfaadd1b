import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { paymentActions } from '../../../../shared/src/domain/booking-payment';
import { canTransition } from '../../../../shared/src/domain/booking-status';
import { cancellationFee, minutesBetween } from '../../../../shared/src/domain/cancellation-fee';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../../components/error-text';
import { CheckoutModal } from '../../components/checkout/checkout-modal';
import { CancelBookingModal } from '../../features/booking/cancel-booking-modal';
import type { BookingFormat } from '../../features/booking/booking-format';
import { ShareTripButton } from '../../features/trip-link/share-trip-button';
import { SosButton } from '../../features/sos/sos-button';
import { sosAllowed } from '../../../../shared/src/domain/sos';
import { tripLinkLive } from '../../../../shared/src/domain/trip-link';
import { AddTipButton, tipOffered } from '../../features/tip/add-tip-button';

const NOTICE_ID = 'trip-result';

/**
 * What a rider may do with their trip: cancel (with the slab fee shown before confirming, the
 * same arithmetic the server charges), pay from the wallet or by card (Pay now), and rate it.
 */
export function RiderTripActions({ booking: b, format: f, onChange }: { booking: BookingView; format: BookingFormat; onChange: (b: BookingView) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { notify } = useNotifications();
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState<string>();
  const [paying, setPaying] = useState<BookingView>();
  const [rating, setRating] = useState('5');
  // The rating dialog opens by itself once the trip is paid; closed, a button brings it back.
  const [rateOpen, setRateOpen] = useState(true);
  const [, tick] = useState(0);
  // The fee grows with the minutes since acceptance: keep its text current while the dialog may open.
  useEffect(() => {
    if (!b.acceptTime) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, [b.acceptTime]);

  const failed = (e: unknown) => notify({ id: NOTICE_ID, type: 'error', messageKey: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
  const run = (name: string, call: () => Promise<void>) => {
    setBusy(name);
    call().catch(failed).finally(() => setBusy(undefined));
  };

  const critical = settings.AllowCriticalEditsAdmin;
  const canCancelNow = critical && canTransition(b.status, 'CANCELLED', 'rider');
  // One rule with the server's: a prepaid or paid booking never shows a payment button.
  const pay = paymentActions(b, { role: 'rider', criticalEdits: critical });
  const minutes = b.acceptTime ? minutesBetween(b.acceptTime, Date.now()) : 0;
  const fee = b.driver && b.acceptTime ? cancellationFee((b.cancelSlab ?? []).map((s) => ({ minsDelayed: s.minsDelayed, amount: Math.round(s.amount * 100) })), minutes) / 100 : 0;

  return (
    <>
      <SpaceBetween direction="horizontal" size="xs" data-testid="trip-rider-actions">
        {/* Each action is left out, not rendered empty, where it does not apply: an empty slot is a gap in the row. */}
        {tripLinkLive(b.status) ? <ShareTripButton booking={b} /> : null}
        {sosAllowed(b.status) ? <SosButton booking={b} /> : null}
        {canCancelNow ? <Button onClick={() => setCancelling(true)} data-testid="trip-cancel">{t('trip_cancel')}</Button> : null}
        {b.status === 'PAID' && !rateOpen ? <Button variant="primary" onClick={() => setRateOpen(true)}>{t('trip_rate')}</Button> : null}
        {tipOffered(b, critical) ? <AddTipButton booking={b} onChange={onChange} /> : null}
        {pay.wallet ? (
          <Button
            variant="primary"
            loading={busy === 'wallet'}
            data-testid="trip-pay-wallet"
            onClick={() => run('wallet', async () => {
              const out = await api.payBooking({ params: { id: b.id }, body: { method: 'wallet' } });
              onChange(out.booking);
              notify({ id: NOTICE_ID, type: 'success', messageKey: 'trip_paid_notice' });
            })}
          >
            {t('trip_pay_wallet', { fare: f.money(b.customer_paid ?? b.trip_cost) })}
          </Button>
        ) : null}
        {pay.card ? (
          <Button
            loading={busy === 'card'}
            data-testid="trip-pay-card"
            onClick={() => run('card', async () => {
              // Spec §4 Pay now: the card packet is saved, then the provider chooser opens.
              const out = await api.payBooking({ params: { id: b.id }, body: { method: 'card' } });
              onChange(out.booking);
              setPaying(out.booking);
            })}
          >
            {t('trip_pay_card')}
          </Button>
        ) : null}
        {pay.ahead ? (
          <Button variant="primary" data-testid="trip-pay-ahead" onClick={() => setPaying(b)}>{t('pay_now')}</Button>
        ) : null}
      </SpaceBetween>

      {b.status === 'PAID' && rateOpen ? (
        <Modal visible header={t('trip_rate')} onDismiss={() => setRateOpen(false)} closeAriaLabel={t('close')} data-testid="trip-rate"
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" loading={busy === 'skip'} onClick={() => run('skip', async () => {
                  onChange(await api.completeBooking({ params: { id: b.id }, body: {} }));
                  notify({ id: NOTICE_ID, type: 'success', messageKey: 'trip_complete_notice' });
                })}>{t('trip_rate_skip')}</Button>
                <Button variant="primary" loading={busy === 'rate'} data-testid="trip-rate-send" onClick={() => run('rate', async () => {
                  onChange(await api.completeBooking({ params: { id: b.id }, body: { rating: Number(rating) } }));
                  notify({ id: NOTICE_ID, type: 'success', messageKey: 'trip_complete_notice' });
                })}>{t('trip_rate_send')}</Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SegmentedControl
            label={t('trip_rate_label')}
            selectedId={rating}
            onChange={({ detail }) => setRating(detail.selectedId)}
            options={['1', '2', '3', '4', '5'].map((n) => ({ id: n, text: `${n} ★` }))}
          />
        </Modal>
      ) : null}

      {paying ? <CheckoutModal subject={{ kind: 'booking', booking: paying }} onBookingChange={onChange} onClose={() => setPaying(undefined)} /> : null}

      {cancelling ? (
        <CancelBookingModal
          booking={b}
          onDismiss={() => setCancelling(false)}
          notice={b.driver ? <Alert type={fee > 0 ? 'warning' : 'info'} data-testid="trip-cancel-fee">{fee > 0 ? t('trip_cancel_fee', { minutes, fee: f.money(fee) }) : t('trip_cancel_free')}</Alert> : null}
          onCancelled={(c) => {
            setCancelling(false);
            onChange(c);
            notify({ id: NOTICE_ID, type: 'success', messageKey: 'trip_cancelled_notice' });
          }}
        />
      ) : null}
    </>
  );
}
