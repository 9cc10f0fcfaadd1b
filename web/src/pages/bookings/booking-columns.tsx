import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { BookingView } from '../../../../shared/src/contract';
import { BOOKING_STATUSES } from '../../../../shared/src/domain/booking-status';
import { hasReceipt } from '../../../../shared/src/domain/receipt';
import { receiptHref } from '../../features/receipt/receipt-href';
import type { ColumnConfig } from '../../components/collection/column-config';
import { STATUS_INDICATOR, type BookingFormat } from '../../features/booking/booking-format';
import { BookingStopsCell, stopsText } from '../../features/stops/booking-stops-cell';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface BookingColumnContext {
  format: BookingFormat;
  /** Delivery mode shows the parcel and delivery-person columns (spec §2). */
  delivery: boolean;
  /** The live trip of a booking id (a real href, so it opens in a new tab too): one click from the list to the trip. */
  tripHref: (id: string) => string;
  /** Follows the link inside the app (no page load). */
  onFollow: (event: { preventDefault(): void; detail: { href?: string; external?: boolean } }) => void;
}

type Column = ColumnConfig<BookingView> & { deliveryOnly?: boolean };
type PricedItem = NonNullable<BookingView['parcelTypeSelected']>;

const plain = (n: number | undefined) => (n === undefined ? '' : n.toFixed(2));
const iso = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());
const statusOrder = (b: BookingView) => BOOKING_STATUSES.indexOf(b.status);

function photo(url: string | undefined, alt: string) {
  if (!url) return '';
  return (
    <Link href={url} external variant="secondary">
      <img src={url} alt={alt} width={48} height={36} style={{ objectFit: 'cover', display: 'block', borderRadius: 4 }} />
    </Link>
  );
}

/**
 * Spec §2 bookings table: every column of the spec, in its order except the status, which comes
 * right after the date so that it is on screen without scrolling. The everyday ones are shown;
 * the long tail (times, money breakdown, payment) can be chosen in the preferences.
 * Delivery-only columns do not exist in taxi mode.
 */
export function bookingColumns(ctx: BookingColumnContext): ColumnConfig<BookingView>[] {
  const { format: f, delivery } = ctx;
  const { t } = f;
  const priced = (item: PricedItem | undefined) =>
    item ? t('priced_item', { description: item.description, amount: f.money(item.amount) }) : '';
  const pricedCsv = (item: PricedItem | undefined) => (item ? `${item.description}: ${item.amount.toFixed(2)}` : '');
  const moneyColumn = (id: string, header: string, value: (b: BookingView) => number | undefined, visible = false): Column => ({
    id,
    header,
    text: (b) => f.money(value(b)),
    csv: (b) => plain(value(b)),
    sortingComparator: (a, b) => (value(a) ?? -1) - (value(b) ?? -1),
    visible,
  });
  const timeColumn = (id: string, header: string, value: (b: BookingView) => number | undefined): Column => ({
    id,
    header,
    text: (b) => f.dateTime(value(b)),
    csv: (b) => iso(value(b)),
    sortingComparator: (a, b) => (value(a) ?? 0) - (value(b) ?? 0),
    visible: false,
  });

  const columns: Column[] = [
    {
      id: 'booking_id',
      header: t('col_booking_id'),
      text: (b) => b.booking_id,
      cell: (b) => (
        <Link href={ctx.tripHref(b.id)} onFollow={ctx.onFollow}>
          {b.booking_id}
        </Link>
      ),
      sortingField: 'booking_id',
      isRowHeader: true,
      alwaysVisible: true,
    },
    { id: 'tripdate', header: t('col_booking_date'), text: (b) => f.dateTime(b.tripdate), csv: (b) => iso(b.tripdate), sortingField: 'tripdate' },
    {
      id: 'status',
      header: t('col_booking_status'),
      text: (b) => f.status(b.status),
      cell: (b) => <StatusIndicator type={STATUS_INDICATOR[b.status]}>{f.status(b.status)}</StatusIndicator>,
      csv: (b) => b.status,
      sortingComparator: (a, b) => statusOrder(a) - statusOrder(b),
    },
    {
      id: 'receipt',
      header: t('receipt_link'),
      text: (b) => (hasReceipt(b.status) ? t('receipt_open') : ''),
      cell: (b) => (hasReceipt(b.status) ? <Link href={receiptHref(b.id)} onFollow={ctx.onFollow} data-testid={`booking-receipt-${b.id}`}>{t('receipt_open')}</Link> : ''),
      csv: false,
    },
    { id: 'carType', header: t('car_type'), text: (b) => b.carType, sortingField: 'carType' },
    { id: 'customer_name', header: t('col_customer_name'), text: (b) => b.customer_name, sortingField: 'customer_name' },
    { id: 'pickupAddress', header: t('col_pickup_address'), text: (b) => b.pickupAddress, sortingField: 'pickupAddress', minWidth: 180 },
    { id: 'dropAddress', header: t('col_drop_address'), text: (b) => b.dropAddress, sortingField: 'dropAddress', minWidth: 180 },
    // Stops in driving order, the reached ones marked (domain/stops); empty for a trip without.
    { id: 'stops', header: t('stops_label'), text: stopsText, csv: (b) => (b.stops ?? []).map((x) => x.add).join(' | '), cell: (b) => (b.stops?.length ? <BookingStopsCell booking={b} /> : ''), minWidth: 180 },
    { id: 'driver_name', header: t('col_driver_name'), text: (b) => b.driver_name ?? '' },
    { id: 'deliveryPerson', header: t('col_delivery_person'), text: (b) => b.deliveryPerson ?? '', visible: false, deliveryOnly: true },
    { id: 'deliveryPersonPhone', header: t('col_delivery_person_phone'), text: (b) => b.deliveryPersonPhone ?? '', visible: false, deliveryOnly: true },
    { id: 'pickUpInstructions', header: t('col_pickup_instructions'), text: (b) => b.pickUpInstructions ?? '', visible: false, deliveryOnly: true },
    { id: 'deliveryInstructions', header: t('col_delivery_instructions'), text: (b) => b.deliveryInstructions ?? '', visible: false, deliveryOnly: true },
    {
      id: 'parcelTypeSelected',
      header: t('col_parcel_type'),
      text: (b) => priced(b.parcelTypeSelected),
      csv: (b) => pricedCsv(b.parcelTypeSelected),
      visible: false,
      deliveryOnly: true,
    },
    {
      id: 'optionSelected',
      header: t('col_parcel_option'),
      text: (b) => priced(b.optionSelected),
      csv: (b) => pricedCsv(b.optionSelected),
      visible: false,
      deliveryOnly: true,
    },
    {
      id: 'pickup_image',
      header: t('col_pickup_image'),
      text: (b) => b.pickup_image ?? '',
      cell: (b) => photo(b.pickup_image, t('pickup_image_alt', { id: b.booking_id })),
      visible: false,
      deliveryOnly: true,
    },
    {
      id: 'deliver_image',
      header: t('col_delivery_image'),
      text: (b) => b.deliver_image ?? '',
      cell: (b) => photo(b.deliver_image, t('delivery_image_alt', { id: b.booking_id })),
      visible: false,
      deliveryOnly: true,
    },
    { id: 'reason', header: t('col_cancellation_reason'), text: (b) => b.reason ?? '', visible: false },
    { id: 'otp', header: t('col_otp'), text: (b) => (b.otp === undefined ? '' : String(b.otp)), visible: false },
    moneyColumn('trip_cost', t('col_trip_cost'), (b) => b.trip_cost, true),
    timeColumn('trip_start_time', t('col_trip_start_time'), (b) => b.trip_start_time),
    timeColumn('trip_end_time', t('col_trip_end_time'), (b) => b.trip_end_time),
    {
      id: 'total_trip_time',
      header: t('col_total_time'),
      text: (b) => f.duration(b.total_trip_time),
      csv: (b) => b.total_trip_time ?? '',
      sortingComparator: (a, b) => (a.total_trip_time ?? 0) - (b.total_trip_time ?? 0),
      visible: false,
    },
    {
      id: 'distance',
      header: t('col_distance'),
      // The driven distance once the trip is over, the estimate before.
      text: (b) => f.distance(b.distance ?? b.estimateDistance, b.distanceUnit),
      csv: (b) => b.distance ?? b.estimateDistance,
      sortingComparator: (a, b) => (a.distance ?? a.estimateDistance) - (b.distance ?? b.estimateDistance),
      visible: false,
    },
    { id: 'vehicle_number', header: t('vehicle_number'), text: (b) => b.vehicle_number ?? '', visible: false },
    moneyColumn('driver_share', t('col_driver_share'), (b) => b.driver_share),
    moneyColumn('convenience_fees', t('col_convenience_fee'), (b) => b.convenience_fees),
    moneyColumn('discount', t('col_booking_discount'), (b) => b.discount),
    moneyColumn('customer_paid', t('col_customer_paid'), (b) => b.customer_paid),
    { id: 'payment_mode', header: t('col_payment_mode'), text: (b) => f.paymentMode(b.payment_mode), csv: (b) => b.payment_mode ?? '', visible: false },
    { id: 'gateway', header: t('col_gateway'), text: (b) => b.gateway ?? '', visible: false },
    moneyColumn('cashPaymentAmount', t('col_cash_amount'), (b) => b.cashPaymentAmount),
    moneyColumn('cardPaymentAmount', t('col_card_amount'), (b) => b.cardPaymentAmount),
    moneyColumn('usedWalletMoney', t('col_wallet_amount'), (b) => b.usedWalletMoney),
  ];
  return columns.filter((c) => delivery || !c.deliveryOnly);
}
