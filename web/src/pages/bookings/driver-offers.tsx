import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer } from '../../../../shared/src/contract';
import Button from '@cloudscape-design/components/button';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { errorText } from '../../components/error-text';
import { EmptyState } from '../../components/empty-state';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import { offerFlashId } from '../../live/live-messages';
import { useTopic } from '../../live/use-topic';
import type { BookingFormat } from '../../features/booking/booking-format';
import { NavigateButton } from '../../features/driver-app/navigate-button';

/** The current time, ticking every second while `enabled` (the offers' countdowns). */
function useNow(enabled: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [enabled]);
  return now;
}

/** m:ss left, never negative. */
function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The driver's "New booking offers" (spec §6: a driver sees the NEW bookings that list them),
 * re-read whenever `offers/<uid>` changes: a new round, an admin assignment, an expiry or a
 * withdrawal. Accept takes the trip (of many drivers exactly one gets it); decline passes it on.
 */
export function DriverOffers({ uid, format: f }: { uid: string; format: BookingFormat }) {
  const { t } = useTranslation();
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.fetchOffers({}, { signal }), [api]);
  const offers = useApiQuery(load);
  useTopic(`offers/${uid}`, offers.reload);
  const items = offers.data?.items ?? [];
  const now = useNow(items.some((o) => o.expiresAt !== undefined));
  const { notify, dismiss } = useNotifications();
  const [busy, setBusy] = useState<string>();

  // An offer gone from the list takes its "new booking" flash with it.
  const listed = useRef<string[]>([]);
  useEffect(() => {
    if (!offers.data) return;
    const current = offers.data.items.map((o) => o.bookingId);
    for (const gone of listed.current.filter((id) => !current.includes(id))) dismiss(offerFlashId(gone));
    listed.current = current;
  }, [offers.data, dismiss]);

  // Accepting makes the trip appear above (bookings/driver/<uid>); either answer removes the offer.
  const answer = (o: Offer, accept: boolean) => {
    setBusy(`${o.bookingId}:${accept}`);
    const call = accept ? api.acceptBooking({ params: { id: o.bookingId }, body: {} }) : api.declineBooking({ params: { id: o.bookingId }, body: {} });
    call.then(
      () => { if (accept) notify({ id: 'offer-answer', type: 'success', messageKey: 'offer_accepted_notice' }); },
      (e: unknown) => notify({ id: 'offer-answer', type: 'error', messageKey: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) }),
    ).finally(() => { setBusy(undefined); offers.reload(); });
  };

  // The countdown has the card's whole width and never wraps: one line at phone width, read at a glance.
  const expiry = (o: Offer) => {
    if (o.expiresAt === undefined) return t('offer_no_expiry');
    const left = o.expiresAt - now;
    return (
      <span data-testid="offer-countdown">
        {left > 0 ? (
          <StatusIndicator type="pending" wrapText={false}>{t('offer_time_left', { time: countdown(left) })}</StatusIndicator>
        ) : (
          <StatusIndicator type="stopped" wrapText={false}>{t('offer_lapsed')}</StatusIndicator>
        )}
      </span>
    );
  };

  return (
    <SpaceBetween size="s">
      <LoadErrorAlert error={offers.error} onRetry={offers.reload} />
      <Cards<Offer>
        variant="container"
        items={items}
        trackBy="bookingId"
        loading={offers.loading && !offers.data}
        loadingText={t('loading')}
        header={
          <Header variant="h2" counter={offers.data ? `(${items.length})` : undefined} description={t('offers_description')}>
            {t('offers_title')}
          </Header>
        }
        empty={<EmptyState title={t('no_tasks')} />}
        cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 1000, cards: 3 }]}
        cardDefinition={{
          header: (o) => (
            <Box variant="h3" padding="n">
              {t('offer_from_to', { from: o.pickup.add, to: o.drop.add })}
            </Box>
          ),
          sections: [
            { id: 'carType', header: t('car_type'), content: (o) => o.carType, width: 50 },
            { id: 'estimate', header: t('detail_estimate'), content: (o) => f.money(o.estimate), width: 50 },
            { id: 'driver_share', header: t('offer_driver_share'), content: (o) => f.money(o.driver_share), width: 50 },
            {
              id: 'distance',
              header: t('col_distance_to_pickup'),
              content: (o) => (o.distanceToPickup === undefined ? '—' : f.distance(o.distanceToPickup, o.distanceUnit)),
              width: 50,
            },
            { id: 'tripDistance', header: t('col_distance'), content: (o) => f.distance(o.estimateDistance, o.distanceUnit), width: 50 },
            // An offer's first stop is its pickup: the driver can look at the way there before answering.
            { id: 'navigate', header: t('col_pickup_address'), content: (o) => <NavigateButton point={o.pickup} to="pickup" place={o.pickup.add} />, width: 50 },
            ...(items.some((o) => o.bookLater)
              ? [{ id: 'bookLater', header: t('offer_scheduled_for'), content: (o: Offer) => (o.bookLater ? f.dateTime(o.tripdate) : '—') }]
              : []),
            { id: 'expires', content: expiry },
            {
              id: 'answer',
              content: (o: Offer) => (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="primary" loading={busy === `${o.bookingId}:true`} disabled={busy !== undefined || (o.expiresAt !== undefined && o.expiresAt <= now)} onClick={() => answer(o, true)} data-testid="offer-accept">{t('offer_accept')}</Button>
                  <Button loading={busy === `${o.bookingId}:false`} disabled={busy !== undefined} onClick={() => answer(o, false)} data-testid="offer-decline">{t('offer_decline')}</Button>
                </SpaceBetween>
              ),
            },
          ],
        }}
        data-testid="driver-offers"
      />
    </SpaceBetween>
  );
}
