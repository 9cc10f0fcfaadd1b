import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { EmptyState } from '../../components/empty-state';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';
import type { BookingFormat } from './booking-format';

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
 * withdrawal. Answering offers comes with the trip work.
 */
export function DriverOffers({ uid, format: f }: { uid: string; format: BookingFormat }) {
  const { t } = useTranslation();
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.fetchOffers({}, { signal }), [api]);
  const offers = useApiQuery(load);
  useTopic(`offers/${uid}`, offers.reload);
  const items = offers.data?.items ?? [];
  const now = useNow(items.some((o) => o.expiresAt !== undefined));

  const expiry = (o: Offer) => {
    // Plain text: a status icon in a half-width section would break this longer text mid-word.
    if (o.expiresAt === undefined) return t('offer_no_expiry');
    const left = o.expiresAt - now;
    return left > 0 ? (
      <StatusIndicator type="pending">{t('offer_expires_in', { time: countdown(left) })}</StatusIndicator>
    ) : (
      <StatusIndicator type="stopped">{t('offer_lapsed')}</StatusIndicator>
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
            { id: 'expires', header: t('offer_answer_by'), content: expiry, width: 50 },
            ...(items.some((o) => o.bookLater)
              ? [{ id: 'bookLater', header: t('offer_scheduled_for'), content: (o: Offer) => (o.bookLater ? f.dateTime(o.tripdate) : '—') }]
              : []),
          ],
        }}
        data-testid="driver-offers"
      />
    </SpaceBetween>
  );
}
