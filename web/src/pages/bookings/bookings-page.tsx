import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ResponsiveCollection } from '../../components/collection/responsive-collection';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { BookingView, Role } from '../../../../shared/src/contract';
import { canAssignDriver, canCancel } from '../../../../shared/src/domain/booking-status';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { alwaysVisibleIds, columnDefinitions, csvColumns, hiddenByDefault } from '../../components/collection/column-config';
import { itemsOf, useTablePage } from '../../components/collection/use-table-page';
import { EmptyState } from '../../components/empty-state';
import { errorText } from '../../components/error-text';
import { TableHeader } from '../../components/table-header';
import { useApiQuery } from '../../components/use-api-query';
import { useFollow } from '../../components/use-follow';
import { useTopic } from '../../live/use-topic';
import { AssignDriverModal } from './assign-driver-modal';
import { bookingColumns, PAGE_SIZES } from './booking-columns';
import { BookingDetailModal } from './booking-detail-modal';
import { BookingFilters } from './booking-filters';
import { payActionState } from './pay-action';
import { audienceTopic, bookingFormat } from '../../features/booking/booking-format';
import { operatorZone } from '../../../../shared/src/domain/time-zone';
import { tripHref } from '../../features/trip/trip-href';
import { fetchAllBookings, hasServerFilters, NO_SERVER_FILTERS, type ServerFilters } from './booking-query';
import { CheckoutModal } from '../../components/checkout/checkout-modal';
import { CancelBookingModal } from '../../features/booking/cancel-booking-modal';
import { DriverActiveTrip } from './driver-active-trip';
import { DriverOffers } from './driver-offers';
import { DriverStatus } from './driver-status';

/** One result message at a time: each action's notice replaces the previous one. */
const NOTICE_ID = 'bookings-page-result';
/** Spec §4/§9: an incomplete (PAYMENT_PENDING) booking is cancelled 1.5 s after the click. */
const INCOMPLETE_CANCEL_DELAY_MS = 1500;
/** The contract's booking id; anything else in ?id= is ignored rather than sent. */
const BOOKING_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The row actions a role can ever have (spec §4, §6): others never see them. */
const ACTIONS_BY_ROLE: Record<Role, readonly ('view' | 'trip' | 'cancel' | 'assign' | 'pay')[]> = {
  admin: ['view', 'trip', 'cancel', 'assign'],
  rider: ['view', 'trip', 'cancel', 'pay'],
  driver: ['view', 'trip'],
  fleetadmin: ['view', 'trip'],
};

const searchText = (b: BookingView, status: string) =>
  [b.booking_id, b.customer_name, b.driver_name, b.carType, b.pickupAddress, b.dropAddress, b.deliveryPerson, b.vehicle_number, status]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

/**
 * Spec §2 /bookings for every role: the booking history table (the server lists what the role may
 * see: §6), live on the caller's audience topic, with the row actions of §4. A driver also gets
 * their availability and location sharing, and the offers waiting for them, above it.
 */
export default function BookingsPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { user, role } = useAuth();
  const { notify } = useNotifications();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const delivery = settings.appMode === 'delivery';
  const format = useMemo(() => bookingFormat(t, locale, settings.symbol, settings.timeZone), [t, locale, settings.symbol, settings.timeZone]);

  // The detail is a deep link (/bookings?id=BK…): protected routes are exact paths, so no /bookings/:id.
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const requestedId = searchParams.get('id');
  const detailId = requestedId && BOOKING_ID.test(requestedId) ? requestedId : undefined;
  const openDetail = useCallback(
    (id: string) =>
      setSearchParams((params) => {
        params.set('id', id);
        return params;
      }),
    [setSearchParams],
  );
  const closeDetail = useCallback(
    () =>
      setSearchParams((params) => {
        params.delete('id');
        return params;
      }),
    [setSearchParams],
  );
  const follow = useFollow();

  // Spec §4: assigning needs auto-dispatch off, an admin-only setting; followed live.
  const loadAdminSettings = useCallback(
    (signal: AbortSignal) => (role === 'admin' ? api.fetchAllSettings({}, { signal }) : Promise.resolve(undefined)),
    [api, role],
  );
  const adminSettings = useApiQuery(loadAdminSettings);
  useTopic('settings', adminSettings.reload, role === 'admin');
  // Until it is known, assume on: the action stays off rather than offering a refused call.
  const autoDispatch = adminSettings.data?.autoDispatch ?? true;

  const [filters, setFilters] = useState<ServerFilters>(NO_SERVER_FILTERS);
  const load = useCallback((signal: AbortSignal) => fetchAllBookings(api, filters, signal, operatorZone(settings)), [api, filters, settings]);

  const configs = useMemo(() => bookingColumns({ format, delivery, tripHref, onFollow: follow }), [format, delivery, follow]);
  const columns = useMemo(() => columnDefinitions(configs, locale), [configs, locale]);

  // An empty history is where a new rider lands: the way to a first booking is right there.
  const bookLabel = t(delivery ? 'rider_send_parcel' : 'rider_book_ride');
  const bookAction = role === 'rider' || role === 'admin' ? (
    <Button variant="primary" href={role === 'admin' ? '/addbookings' : '/'} onFollow={follow} data-testid="bookings-empty-book">
      {bookLabel}
    </Button>
  ) : undefined;

  const table = useTablePage({
    load,
    rows: itemsOf,
    topic: audienceTopic(role, user?.id),
    trackBy: 'id',
    columns,
    filtering: {
      placeholder: t('find_bookings'),
      filteringFunction: (b, text) => searchText(b, format.status(b.status)).includes(text.trim().toLowerCase()),
      empty: hasServerFilters(filters) ? (
        <EmptyState
          title={t('no_bookings_match')}
          action={<Button onClick={() => setFilters(NO_SERVER_FILTERS)}>{t('clear_filters')}</Button>}
        />
      ) : (
        <EmptyState
          title={t('no_bookings')}
          subtitle={t(role === 'rider' ? 'rider_no_bookings_hint' : role === 'driver' ? 'driver_no_bookings_hint' : 'staff_no_bookings_hint')}
          action={bookAction}
        />
      ),
    },
    sorting: { columnId: 'tripdate', descending: true },
    selection: {},
    preferences: {
      storageKey: 'bookings.preferences',
      pageSizes: PAGE_SIZES,
      pageSize: 20,
      columns: { hidden: hiddenByDefault(configs), alwaysVisible: alwaysVisibleIds(configs) },
      wrapLines: false,
      stripedRows: true,
    },
    // Spec §6: exporting bookings needs critical edits.
    csv: settings.AllowCriticalEditsAdmin ? { fileName: 'bookings', columns: csvColumns(configs) } : undefined,
  });
  const { selected, reload } = table;

  const [cancelTarget, setCancelTarget] = useState<BookingView | null>(null);
  const [assignTarget, setAssignTarget] = useState<BookingView | null>(null);
  const [payTarget, setPayTarget] = useState<BookingView | null>(null);
  const [cancellingId, setCancellingId] = useState<string | undefined>();
  const incompleteTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Leaving the page within the 1.5 s abandons the cancellation, as closing the dialog would.
  useEffect(() => () => clearTimeout(incompleteTimer.current), []);

  const failed = (e: unknown) =>
    notify({ id: NOTICE_ID, type: 'error', messageKey: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });

  /** PAYMENT_PENDING: no dialog; after 1.5 s the server cancels with its fixed reason (none is sent). */
  const cancelIncomplete = (booking: BookingView) => {
    setCancellingId(booking.id);
    notify({ id: NOTICE_ID, type: 'in-progress', messageKey: 'cancelling_incomplete_booking' });
    incompleteTimer.current = setTimeout(() => {
      api
        .cancelBooking({ params: { id: booking.id }, body: {} })
        .then(() => {
          notify({ id: NOTICE_ID, type: 'success', messageKey: 'booking_cancelled_notice' });
          reload();
        }, failed)
        .finally(() => setCancellingId(undefined));
    }, INCOMPLETE_CANCEL_DELAY_MS);
  };

  const allowed = role ? ACTIONS_BY_ROLE[role] : [];
  const cancelReason = (b: BookingView): string | undefined => {
    if (!role || canCancel(b.status, role, settings.AllowCriticalEditsAdmin)) return undefined;
    return role === 'rider' && !settings.AllowCriticalEditsAdmin ? t('demo_mode') : t('cancel_not_allowed');
  };
  const assignReason = (b: BookingView): string | undefined => {
    if (!role || canAssignDriver(b.status, role, autoDispatch)) return undefined;
    return b.status !== 'NEW' ? t('assign_only_new') : t('auto_dispatch_on');
  };
  const rowActions: ButtonDropdownProps.Item[] = [];
  if (allowed.includes('view')) rowActions.push({ id: 'view', text: t('view_booking') });
  if (allowed.includes('trip')) rowActions.push({ id: 'trip', text: t('trip_open') });
  if (allowed.includes('cancel')) {
    const reason = selected ? cancelReason(selected) : undefined;
    rowActions.push({ id: 'cancel', text: t('cancel_booking'), disabled: reason !== undefined || cancellingId !== undefined, disabledReason: reason });
  }
  if (allowed.includes('assign')) {
    const reason = selected ? assignReason(selected) : undefined;
    rowActions.push({ id: 'assign', text: t('assign_driver'), disabled: reason !== undefined, disabledReason: reason });
  }

  // Spec §4 Pay now (PENDING: the card packet is saved first) and the payment a prepaid booking waits for.
  if (allowed.includes('pay')) {
    const state = payActionState(selected, { role: role ?? undefined, criticalEdits: settings.AllowCriticalEditsAdmin });
    const reason = state.reasonKey ? t(state.reasonKey) : undefined;
    rowActions.push({ id: 'pay', text: t('pay_now'), disabled: !state.enabled, disabledReason: reason });
  }

  const onAction = (id: string) => {
    if (!selected) return;
    if (id === 'pay') {
      const target = selected;
      if (!payActionState(target, { role: role ?? undefined, criticalEdits: settings.AllowCriticalEditsAdmin }).enabled) return;
      if (target.status === 'PENDING') api.payBooking({ params: { id: target.id }, body: { method: 'card' } }).then((out) => setPayTarget(out.booking), failed);
      else setPayTarget(target);
    }
    if (id === 'view') openDetail(selected.id);
    if (id === 'trip') navigate(tripHref(selected.id));
    if (id === 'cancel') {
      if (selected.status === 'PAYMENT_PENDING') cancelIncomplete(selected);
      else setCancelTarget(selected);
    }
    if (id === 'assign') setAssignTarget(selected);
  };

  const driver = role === 'driver';
  const description = t(`bookings_description_${role ?? 'rider'}`);

  const truncated = table.data?.truncated ? <Alert type="info">{t('bookings_truncated', { count: table.rows.length })}</Alert> : null;
  const bookingsTable = (
    <ResponsiveCollection
      {...table.tableProps}
      {...(driver ? { variant: 'container' as const } : {})}
      filter={<BookingFilters textFilter={table.textFilter} value={filters} onChange={setFilters} />}
      ariaLabels={{
        selectionGroupLabel: t('select_booking'),
        itemSelectionLabel: (_, b) => b.booking_id,
        allItemsSelectionLabel: () => t('select_booking'),
      }}
      header={
        <TableHeader
          variant={driver ? 'h2' : 'awsui-h1-sticky'}
          title={t(driver ? 'bookings_your_trips' : 'bookings_title')}
          description={driver ? undefined : description}
          count={table.count}
          actions={
            <>
              <Button iconName="refresh" ariaLabel={t('reload')} onClick={reload} loading={table.loading && table.data !== undefined} />
              {table.exportButton}
              <ButtonDropdown
                disabled={!selected}
                loading={cancellingId !== undefined}
                items={rowActions}
                onItemClick={({ detail }) => onAction(detail.id)}
                data-testid="booking-actions"
              >
                {t('actions')}
              </ButtonDropdown>
            </>
          }
        />
      }
      data-testid="bookings-table"
    />
  );

  return (
    <>
      {driver && user ? (
        <ContentLayout header={<Header variant="h1" description={description}>{t('bookings_title')}</Header>}>
          <SpaceBetween size="l">
            {/* Cloudscape grid breakpoints follow the content width: side by side from 912 px. */}
            <DriverActiveTrip uid={user.id} format={format} />
            <Grid gridDefinition={[{ colspan: { default: 12, s: 5 } }, { colspan: { default: 12, s: 7 } }]}>
              <DriverStatus format={format} />
              <DriverOffers uid={user.id} format={format} />
            </Grid>
            {table.loadError}
            {truncated}
            {bookingsTable}
          </SpaceBetween>
        </ContentLayout>
      ) : (
        <SpaceBetween size="m">
          {table.loadError}
          {truncated}
          {bookingsTable}
        </SpaceBetween>
      )}
      {detailId ? <BookingDetailModal id={detailId} format={format} delivery={delivery} onDismiss={closeDetail} /> : null}
      {cancelTarget ? (
        <CancelBookingModal
          booking={cancelTarget}
          onDismiss={() => setCancelTarget(null)}
          onCancelled={() => {
            setCancelTarget(null);
            notify({ id: NOTICE_ID, type: 'success', messageKey: 'booking_cancelled_notice' });
            reload();
          }}
        />
      ) : null}
      {payTarget ? <CheckoutModal subject={{ kind: 'booking', booking: payTarget }} onClose={() => { setPayTarget(null); reload(); }} /> : null}
      {assignTarget ? (
        <AssignDriverModal
          booking={assignTarget}
          format={format}
          onDismiss={() => setAssignTarget(null)}
          onAssigned={() => {
            setAssignTarget(null);
            notify({ id: NOTICE_ID, type: 'success', messageKey: 'driver_assigned' });
            reload();
          }}
        />
      ) : null}
    </>
  );
}
