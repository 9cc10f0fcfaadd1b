import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Steps, { type StepsProps } from '@cloudscape-design/components/steps';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { returning } from '../../../../shared/src/domain/delivery-proof';
import type { BookingView, Role } from '../../../../shared/src/contract';
import { contactText } from '../../components/contact-text';
import { useFollow } from '../../components/use-follow';
import { hasReceipt } from '../../../../shared/src/domain/receipt';
import { receiptHref } from '../receipt/receipt-href';
import { LazyTripMap } from '../../components/map/lazy-trip-map';
import { STATUS_INDICATOR, type BookingFormat } from '../booking/booking-format';
import { NavigateButton } from '../driver-app/navigate-button';
import { TripChat } from './trip-chat';
import './trip.css';
import type { TripState } from './use-trip';
import { SosNotice } from '../sos/sos-button';
import { TripStops } from '../stops/trip-stops';
import { proofPairs, senderCodePair } from '../delivery-proof/proof-summary';

const ORDER = ['NEW', 'ACCEPTED', 'ARRIVED', 'STARTED', 'REACHED', 'PAID'] as const;
const STEP_KEYS = ['trip_step_booked', 'trip_step_driver', 'trip_step_arrived', 'trip_step_riding', 'trip_step_reached', 'trip_step_paid'] as const;
const CHAT_OPEN = new Set(['ACCEPTED', 'ARRIVED', 'STARTED', 'REACHED', 'PENDING', 'PAID']);

/** Where the trip is, as steps: done, the current one in progress, the rest to come. */
function progress(b: BookingView): StepsProps.Step[] {
  const at = b.status === 'PENDING' ? 4 : b.status === 'COMPLETE' ? 6 : b.status === 'PAYMENT_PENDING' ? 0 : ORDER.indexOf(b.status as (typeof ORDER)[number]);
  return STEP_KEYS.map((key, i) => ({
    header: key,
    status: b.status === 'CANCELLED' ? 'stopped' : i < at || (i === at && b.status === 'PAID') ? 'success' : i === at ? 'in-progress' : 'pending',
  }));
}

/**
 * One trip as its people see it (the rider's trip view, the driver's active trip): progress,
 * the driver and car, the time left, the map with the route and the driver's car moving, the
 * trip's chat; `actions` holds what the viewer may do next.
 */
export function TripView({ trip, format: f, viewer, actions, notices }: {
  trip: TripState & { booking: BookingView };
  format: BookingFormat;
  viewer: Role;
  actions: ReactNode;
  notices?: ReactNode;
}) {
  const { t } = useTranslation();
  const follow = useFollow();
  const b = trip.booking;
  const steps = progress(b).map((s) => ({ ...s, header: t(s.header as string) }));
  const driving = viewer === 'driver';
  // The time left is the rider's "Driver arrives in"; the driver is told how far their next stop is.
  const etaLabel = trip.eta && (driving
    ? t(trip.eta.to === 'pickup' ? 'trip_time_to_pickup' : 'trip_time_to_drop')
    : t(trip.eta.to === 'pickup' ? 'trip_eta_pickup' : 'trip_eta_drop'));
  // Every point the driver drives to can be opened in the phone's maps app.
  const place = (p: BookingView['pickup'], to: 'pickup' | 'drop') => (driving ? (
    <SpaceBetween size="xs">
      <span>{p.add}</span>
      <NavigateButton point={p} to={to} place={p.add} />
    </SpaceBetween>
  ) : p.add);
  const car = trip.point ? [{ id: 'driver', lat: trip.point.lat, lng: trip.point.lng, label: b.driver_name ?? t('trip_driver') }] : [];

  const details = [
    { label: t('col_booking_status'), value: <StatusIndicator type={STATUS_INDICATOR[b.status]}>{f.status(b.status)}</StatusIndicator> },
    ...(b.driver_name && !driving ? [{ label: t('trip_driver'), value: b.driverRating !== undefined ? `${b.driver_name} · ★ ${b.driverRating}` : b.driver_name }] : []),
    ...(b.vehicle_number && !driving ? [{ label: t('trip_vehicle'), value: `${b.carType} · ${b.vehicle_number}` }] : []),
    ...(driving ? [{ label: t('trip_rider'), value: b.customer_name }, { label: t('trip_contact'), value: contactText(t, b.customer_contact) }] : []),
    ...(b.status === 'ARRIVED' && viewer === 'rider' ? [{ label: t('trip_eta_pickup'), value: t('trip_driver_here') }] : []),
    ...(trip.eta && etaLabel && (b.status === 'ACCEPTED' || b.status === 'STARTED') ? [{ label: etaLabel, value: f.duration(trip.eta.seconds) }] : []),
    // A failed delivery's parcel on its way back: how long until it is with the sender again.
    ...(trip.eta && returning(b) ? [{ label: t(driving ? 'trip_time_to_pickup' : 'trip_eta_return'), value: <span data-testid="trip-eta-return">{f.duration(trip.eta.seconds)}</span> }] : []),
    ...(b.otp !== undefined && viewer === 'rider' && ['NEW', 'ACCEPTED', 'ARRIVED'].includes(b.status)
      ? [{ label: t('trip_code'), value: <span data-testid="trip-code"><Box variant="h2" padding="n">{b.otp}</Box><Box variant="small">{t('trip_code_hint')}</Box></span> }]
      : []),
    ...(viewer === 'rider' ? senderCodePair(t, b).map(([label, value]) => ({ label, value })) : []),
    { label: t('col_pickup_address'), value: place(b.pickup, 'pickup') },
    ...(b.stops?.length ? [{ label: t('stops_label'), value: <TripStops booking={b} driving={driving} /> }] : []),
    { label: t('col_drop_address'), value: place(b.drop, 'drop') },
    { label: t('trip_fare'), value: f.money(b.trip_cost) },
    ...proofPairs(t, f.money, b).map(([label, value]) => ({ label, value })),
    ...(b.payment_mode ? [{ label: t('trip_payment_mode'), value: f.paymentMode(b.payment_mode) }] : []),
    ...(b.tip ? [{ label: t('trip_tip'), value: <span data-testid="trip-tip">{t('trip_tip_value', { amount: f.money(b.tip), mode: t(`tip_mode_${b.tip_mode ?? 'wallet'}`) })}</span> }] : []),
    ...(hasReceipt(b.status) ? [{ label: t('receipt_link'), value: <Link href={receiptHref(b.id)} onFollow={follow} data-testid="trip-receipt">{t('receipt_open')}</Link> }] : []),
    ...(b.cancellation_fee ? [{ label: t('trip_cancelled_fee'), value: f.money(b.cancellation_fee) }] : []),
    ...(b.rating !== undefined ? [{ label: t('trip_rate_label'), value: `★ ${b.rating}` }] : []),
    ...(b.pickup_image ? [{ label: t('trip_photo_pickup'), value: <img className="trip-photo" src={b.pickup_image} alt={t('trip_photo_pickup')} data-testid="trip-pickup-photo" /> }] : []),
    ...(b.deliver_image ? [{ label: t('trip_photo_deliver'), value: <img className="trip-photo" src={b.deliver_image} alt={t('trip_photo_deliver')} data-testid="trip-deliver-photo" /> }] : []),
    ...(driving && (b.pickUpInstructions || b.deliveryInstructions)
      ? [{ label: t('trip_instructions'), value: [b.pickUpInstructions, b.deliveryInstructions].filter(Boolean).join(' · ') }]
      : []),
  ];

  return (
    <SpaceBetween size="l">
      {notices}
      <SosNotice booking={b} />
      <Container header={<Header variant="h2" actions={driving ? undefined : actions}>{driving ? t('active_trip') : t('trip_progress')}</Header>} data-testid="trip-view">
        <SpaceBetween size="l">
          {b.status === 'CANCELLED' ? null : <Steps steps={steps} ariaLabel={t('trip_progress')} data-testid="trip-steps" />}
          {/* The driver's next step follows the steps it moves on, in reading order on a phone too. */}
          {driving && actions ? <div data-testid="trip-next-step">{actions}</div> : null}
          <ColumnLayout columns={2} variant="text-grid">
            <KeyValuePairs columns={1} items={details} />
            <SpaceBetween size="xs">
              <LazyTripMap pickup={b.pickup} drop={b.drop} stops={b.stops?.map((s, i) => ({ lat: s.lat, lng: s.lng, reached: i < (b.stopsReached ?? 0) }))} route={b.coords} drivers={car} keepDriversInView height={320} ariaLabel={t('trip_map')} />
              {trip.point ? <Box variant="small" color="text-body-secondary" data-testid="trip-last-seen">{t('trip_last_seen', { time: f.time(trip.point.at) })}</Box> : null}
              {trip.locationError ? <StatusIndicator type="warning" data-testid="trip-location-error">{t('location_fetch_error')}</StatusIndicator> : null}
              {b.status === 'NEW' ? <StatusIndicator type="loading">{t('trip_waiting_driver')}</StatusIndicator> : null}
            </SpaceBetween>
          </ColumnLayout>
        </SpaceBetween>
      </Container>
      {/* The chat is the rider's, the driver's and admins' (a fleet admin may watch, not talk). */}
      {CHAT_OPEN.has(b.status) && b.driver && viewer !== 'fleetadmin' ? <TripChat bookingId={b.id} format={f} /> : null}
    </SpaceBetween>
  );
}
