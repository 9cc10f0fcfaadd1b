import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Receipt } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageSpinner } from '../../components/page-spinner';
import { useApiQuery } from '../../components/use-api-query';
import { useFollow } from '../../components/use-follow';
import { bookingFormat, type BookingFormat } from '../../features/booking/booking-format';
import { tripHref } from '../../features/trip/trip-href';
import './receipt.css';

const BOOKING_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * /receipt?id=<booking>: a paid booking's printable receipt, as the server builds it (the fare's
 * parts, the fee, the discount, a tip once bookings carry one, the payment, the route, the driver
 * and vehicle, the company). Print shows the receipt alone.
 */
export default function ReceiptPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return BOOKING_ID.test(id) ? <ReceiptOf id={id} /> : <Alert type="error">{t('receipt_invalid')}</Alert>;
}

function ReceiptOf({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const follow = useFollow();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const load = useCallback((signal: AbortSignal) => api.fetchReceipt({ params: { id } }, { signal }), [api, id]);
  const { data, error, reload } = useApiQuery(load);
  const format = useMemo(() => bookingFormat(t, locale, data?.currency.symbol ?? settings.symbol, settings.timeZone), [t, locale, data?.currency.symbol, settings.symbol, settings.timeZone]);
  if (!data) return error ? <LoadErrorAlert error={error} onRetry={reload} /> : <PageSpinner />;
  // The title prints with the receipt; the buttons do not.
  return (
    <div className="receipt-print" data-testid="receipt">
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={data.company.name}
          actions={
            <span className="receipt-no-print">
              <SpaceBetween direction="horizontal" size="xs">
                <Button href={tripHref(data.bookingId)} onFollow={follow} data-testid="receipt-trip">{t('receipt_back_to_trip')}</Button>
                <Button variant="primary" iconName="file" onClick={() => window.print()} data-testid="receipt-print">{t('receipt_print')}</Button>
              </SpaceBetween>
            </span>
          }
        >
          {t('receipt_title', { id: data.bookingId })}
        </Header>
      }
    >
      <ReceiptBody receipt={data} format={format} />
    </ContentLayout>
    </div>
  );
}

function ReceiptBody({ receipt: r, format: f }: { receipt: Receipt; format: BookingFormat }) {
  const { t } = useTranslation();
  const issuer = [
    { label: t('receipt_issued_by'), value: r.company.name },
    ...(r.company.address ? [{ label: t('receipt_company_address'), value: r.company.address }] : []),
    ...(r.company.website ? [{ label: t('receipt_company_website'), value: r.company.website }] : []),
    ...(r.company.email ? [{ label: t('receipt_company_email'), value: r.company.email }] : []),
  ];
  const booking = [
    { label: t('receipt_booking'), value: r.bookingId },
    { label: t('receipt_date'), value: f.dateTime(r.completedAt ?? r.tripDate) },
    { label: t('receipt_status'), value: f.status(r.status as Parameters<BookingFormat['status']>[0]) },
    { label: t('receipt_rider'), value: r.rider },
  ];
  const trip = [
    { label: t('receipt_from'), value: r.pickupAddress },
    { label: t('receipt_to'), value: r.dropAddress },
    { label: t(r.estimated ? 'receipt_distance_estimated' : 'receipt_distance'), value: f.distance(r.distance, r.distanceUnit) },
    { label: t(r.estimated ? 'receipt_duration_estimated' : 'receipt_duration'), value: f.duration(r.durationSeconds) },
    { label: t('receipt_car_type'), value: r.carType },
    ...(r.driver ? [{ label: t('receipt_driver'), value: r.driver }] : []),
    ...(r.vehicleNumber ? [{ label: t('receipt_vehicle'), value: r.vehicleNumber }] : []),
  ];
  const paidWith = (['cash', 'wallet', 'card'] as const).filter((m) => r.payment[m] > 0);
  const payment = [
    {
      label: t('receipt_payment_method'),
      value: r.payment.mode ? `${f.paymentMode(r.payment.mode)}${r.payment.gateway ? ` (${r.payment.gateway})` : ''}` : t('receipt_payment_none'),
    },
    ...paidWith.map((m) => ({ label: t(`receipt_paid_${m}`), value: f.money(r.payment[m]) })),
    ...(r.tip && r.payment.tipMode ? [{ label: t('receipt_tip_paid'), value: `${f.paymentMode(r.payment.tipMode)}${r.payment.tipGateway ? ` (${r.payment.tipGateway})` : ''} · ${f.money(r.tip)}` }] : []),
  ];
  // A return's detail is why the parcel came back, in the reader's language; other details are names.
  const lineDetail = (l: Receipt['lines'][number]) => (l.kind === 'return' ? t(`pod_reason_${l.detail}`) : l.detail);
  type Row = { key: string; name: string; amount: number; total?: boolean };
  const rows: Row[] = [
    ...r.lines.map((l, i) => ({ key: `${l.kind}-${i}`, name: `${t(`receipt_line_${l.kind}`)}${l.detail ? `: ${lineDetail(l)}` : ''}`, amount: l.amount })),
    { key: 'total', name: t('receipt_total'), amount: r.total, total: true },
  ];
  const strong = (row: Row, text: string) => (row.total ? <Box fontWeight="bold">{text}</Box> : text);
  return (
    <SpaceBetween size="l">
      <Container>
        <ColumnLayout columns={2} variant="text-grid">
          <KeyValuePairs columns={1} items={issuer} />
          <KeyValuePairs columns={1} items={booking} />
        </ColumnLayout>
      </Container>
      <Container header={<Header variant="h2">{t(r.mode === 'delivery' ? 'receipt_delivery' : 'receipt_trip')}</Header>}>
        <KeyValuePairs columns={2} items={trip} />
      </Container>
      <Table<Row>
        header={<Header variant="h2">{t('receipt_fare')}</Header>}
        variant="container"
        items={rows}
        trackBy="key"
        data-testid="receipt-lines"
        // Long item names (a return's reason, a parcel type's name) wrap, so the amounts stay on a phone's screen.
        wrapLines
        columnDefinitions={[
          { id: 'name', header: t('receipt_item'), cell: (row) => strong(row, row.name), isRowHeader: true },
          { id: 'amount', header: <span className="receipt-amount">{t('receipt_amount')}</span>, cell: (row) => <span className="receipt-amount">{strong(row, f.money(row.amount))}</span>, width: 120 },
        ]}
      />
      <Container header={<Header variant="h2">{t('receipt_payment')}</Header>}>
        <KeyValuePairs columns={2} items={payment} />
      </Container>
    </SpaceBetween>
  );
}
