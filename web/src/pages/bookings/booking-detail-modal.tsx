import Box from '@cloudscape-design/components/box';
import KeyValuePairs, { type KeyValuePairsProps } from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { contactText } from '../../components/contact-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';
import { STATUS_INDICATOR, type BookingFormat } from '../../features/booking/booking-format';
import { useAuth } from '../../auth/auth-context';
import { zoneFeePairs } from '../../features/service-areas/zone-fee-lines';
import { DispatchStorySection } from '../../features/dispatch-story/dispatch-story-section';
import { proofPairs } from '../../features/delivery-proof/proof-summary';

/** MapLibre is big: it loads with the first detail opened, never with the table. */
const TripMap = lazy(() => import('../../components/map/trip-map'));
/** Short enough that the details start above the fold of a laptop screen. */
const MAP_HEIGHT = 280;

export interface BookingDetailModalProps {
  id: string;
  format: BookingFormat;
  delivery: boolean;
  onDismiss: () => void;
}

type Pair = KeyValuePairsProps.Pair;

/** Leaves out what the booking does not have yet (a NEW booking has no driver, times or payment). */
function pairs(list: [string, ReactNode][]): Pair[] {
  return list.filter(([, value]) => value !== '' && value !== undefined && value !== null).map(([label, value]) => ({ label, value }));
}

/**
 * One booking: its details and its route on the map. It follows `booking/<id>` while open, so a
 * driver accepting or an admin cancelling elsewhere shows at once.
 */
export function BookingDetailModal({ id, format: f, delivery, onDismiss }: BookingDetailModalProps) {
  const { t } = useTranslation();
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.fetchBooking({ params: { id } }, { signal }), [api, id]);
  const { data: booking, error, loading, reload } = useApiQuery(load);
  useTopic(`booking/${id}`, reload);
  const { role } = useAuth();
  // "No driver found" opens its explanation: a booking the system gave up on shows its dispatch story open.
  const [storyOpen, setStoryOpen] = useState<boolean>();
  const gaveUp = booking?.status === 'CANCELLED' && booking.cancelledBy === 'system';

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      header={t('booking_details_title', { id: booking?.booking_id ?? id })}
      closeAriaLabel={t('close')}
      data-testid="booking-detail"
    >
      <SpaceBetween size="l">
        <LoadErrorAlert error={error} onRetry={reload} />
        {loading && !booking ? (
          <Box textAlign="center" padding="l">
            <Spinner size="large" />
          </Box>
        ) : null}
        {booking ? (
          <Suspense
            fallback={
              // The map's own height, so the details do not jump when it arrives.
              <div style={{ height: MAP_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                <Spinner size="large" />
              </div>
            }
          >
            <TripMap
              pickup={booking.pickup}
              drop={booking.drop}
              route={booking.coords}
              height={MAP_HEIGHT}
              ariaLabel={t('detail_trip_map', { id: booking.booking_id })}
            />
          </Suspense>
        ) : null}
        {booking ? <BookingDetails booking={booking} format={f} delivery={delivery} onWhy={role === 'admin' && gaveUp ? () => setStoryOpen(true) : undefined} /> : null}
        {booking && role === 'admin' ? <DispatchStorySection id={booking.id} f={f} expanded={storyOpen ?? gaveUp} onChange={setStoryOpen} /> : null}
      </SpaceBetween>
    </Modal>
  );
}

function BookingDetails({ booking: b, format: f, delivery, onWhy }: { booking: BookingView; format: BookingFormat; delivery: boolean; onWhy?: () => void }) {
  const { t } = f;
  const priced = (item: BookingView['parcelTypeSelected']) =>
    item ? t('priced_item', { description: item.description, amount: f.money(item.amount) }) : '';
  const photo = (url: string | undefined, label: string) =>
    url ? (
      <Link href={url} external>
        {label}
      </Link>
    ) : (
      ''
    );
  const cancelledBy = b.cancelledBy ? t(b.cancelledBy === 'system' ? 'cancelled_by_system' : `role_${b.cancelledBy}`) : '';

  const groups: KeyValuePairsProps.Group[] = [
    {
      type: 'group',
      title: t('detail_trip'),
      items: pairs([
        [t('col_booking_status'), <StatusIndicator key="status" type={STATUS_INDICATOR[b.status]}>{f.status(b.status)}</StatusIndicator>],
        [t('col_booking_date'), f.dateTime(b.tripdate)],
        [t('detail_booked_at'), f.dateTime(b.bookingDate)],
        [t('detail_book_later'), t(b.bookLater ? 'yes' : 'no')],
        [t('car_type'), b.carType],
        [t('col_otp'), b.otp === undefined ? '' : String(b.otp)],
        [
          t('col_cancellation_reason'),
          b.reason && onWhy ? (
            <SpaceBetween key="reason" size="xxs">
              <span>{b.reason}</span>
              <Link onFollow={onWhy} data-testid="story-why">
                {t('story_why_link')}
              </Link>
            </SpaceBetween>
          ) : (
            b.reason ?? ''
          ),
        ],
        [t('detail_cancelled_by'), cancelledBy],
      ]),
    },
    {
      type: 'group',
      title: t('detail_route'),
      items: pairs([
        [t('col_pickup_address'), b.pickupAddress],
        [t('col_drop_address'), b.dropAddress],
        [t('col_distance'), f.distance(b.distance ?? b.estimateDistance, b.distanceUnit)],
        [t('detail_estimated_time'), f.duration(b.estimateTime)],
        [t('col_trip_start_time'), f.dateTime(b.trip_start_time)],
        [t('col_trip_end_time'), f.dateTime(b.trip_end_time)],
        [t('col_total_time'), f.duration(b.total_trip_time)],
      ]),
    },
    {
      type: 'group',
      title: t('detail_people'),
      items: pairs([
        [t('col_customer_name'), b.customer_name],
        [t('detail_customer_contact'), contactText(t, b.customer_contact)],
        [t('detail_customer_email'), contactText(t, b.customer_email)],
        [t('col_driver_name'), b.driver_name ?? ''],
        [t('detail_driver_contact'), contactText(t, b.driver_contact)],
        [t('vehicle_number'), b.vehicle_number ?? ''],
      ]),
    },
    {
      type: 'group',
      title: t('detail_payment'),
      items: pairs([
        [t('detail_estimate'), f.money(b.estimate)],
        [t('col_trip_cost'), f.money(b.trip_cost)],
        [t('col_convenience_fee'), f.money(b.convenience_fees)],
        ...zoneFeePairs(t, (n) => f.money(n) ?? '', b.zone_fees),
        [t('col_driver_share'), f.money(b.driver_share)],
        [t('col_booking_discount'), f.money(b.discount)],
        [t('col_customer_paid'), f.money(b.customer_paid)],
        [t('col_payment_mode'), f.paymentMode(b.payment_mode)],
        [t('col_gateway'), b.gateway ?? ''],
        [t('col_cash_amount'), f.money(b.cashPaymentAmount)],
        [t('col_card_amount'), f.money(b.cardPaymentAmount)],
        [t('col_wallet_amount'), f.money(b.usedWalletMoney)],
      ]),
    },
  ];
  if (delivery) {
    groups.splice(3, 0, {
      type: 'group',
      title: t('detail_delivery'),
      items: pairs([
        [t('col_delivery_person'), b.deliveryPerson ?? ''],
        [t('col_delivery_person_phone'), b.deliveryPersonPhone ?? ''],
        [t('col_pickup_instructions'), b.pickUpInstructions ?? ''],
        [t('col_delivery_instructions'), b.deliveryInstructions ?? ''],
        [t('col_parcel_type'), priced(b.parcelTypeSelected)],
        [t('col_parcel_option'), priced(b.optionSelected)],
        [t('col_pickup_image'), photo(b.pickup_image, t('pickup_image_alt', { id: b.booking_id }))],
        [t('col_delivery_image'), photo(b.deliver_image, t('delivery_image_alt', { id: b.booking_id }))],
        ...proofPairs(t, f.money, b),
      ]),
    });
  }
  // One column on a phone, three in the large dialog on a desktop.
  return <KeyValuePairs columns={3} minColumnWidth={200} items={groups.filter((g) => g.items.length > 0)} />;
}
