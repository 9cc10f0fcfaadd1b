import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AddBookingBody, BookingView, CarType, Estimate, InstructionData, Place } from '../../../../shared/src/contract';
import { validateBookingForm } from '../../../../shared/src/domain/booking-rules';
import { operatorZone, tripInstant } from '../../../../shared/src/domain/time-zone';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { useConfig } from '../../config/config-context';
import { errorText } from '../../components/error-text';
import { LazyTripMap } from '../../components/map/lazy-trip-map';
import type { MapPoint } from '../../components/map/trip-map-types';
import type { ActionProblem } from '../../components/problem-alert';
import { useApiQuery } from '../../components/use-api-query';
import { useFollow } from '../../components/use-follow';
import { useTopic } from '../../live/use-topic';
import { BookingSuccessModal } from './booking-success-modal';
import { CarTypeField } from './car-type-field';
import { DriverAvailabilityNotice, useDriverAvailability } from './driver-availability';
import { keyForChannel, problemForChannel } from './channel-keys';
import { EstimateModal } from './estimate-modal';
import { ParcelModal, type ParcelChoice } from './parcel-modal';
import { PlaceField } from './place-field';
import { coordsLabel, newIdempotencyKey, roundPoint, tripKey, type TripEnd, type TripPoint } from './trip-point';
import { WhenField } from './when-field';
import { StopsField } from '../stops/stops-field';
import { useStopsDraft } from '../stops/use-stops-draft';

export interface BookingFormProps {
  /** 'rider': the landing page (only riders can book); 'admin': /addbookings, for `riderId`. */
  channel: 'rider' | 'admin';
  /** Admin channel: the rider the booking is for. */
  riderId?: string | null;
  /** Admin channel: the rider picker, shown first, given the form's problem for it. */
  renderRiderField?: (errorText: string | undefined) => ReactNode;
}

/** A problem shown above the Book button: a translation key, and the field it concerns if any. */
interface FormProblem extends ActionProblem {
  field?: string;
}

/** An estimate and the exact trip it was made for, so the route is drawn only while it still fits. */
interface Quote {
  estimate: Estimate;
  trip: string;
  parcel: ParcelChoice;
}

/** The form's §5 field names, as validateBookingForm reports them. */
type Field = 'pickup' | 'drop' | 'carType' | 'riderId' | 'tripdate' | 'stops';

/** What a click on the map picks: an end of the trip or one of its stops (by the stop row's key). */
type PickTarget = TripEnd | `stop-${number}`;

/**
 * Spec §2/§4/§5 booking form (landing page and /addbookings): pickup and drop by search, by a
 * click on the map or (pickup) the browser's location; car type; Book Now or Later. Book checks
 * the §5 rules, asks for the parcel in delivery mode, shows the server's estimate and books on
 * confirmation with an Idempotency-Key, so a double click or a retry makes one booking.
 */
export function BookingForm({ channel, riderId = null, renderRiderField }: BookingFormProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { user, role } = useAuth();
  const { mapCenter } = useConfig();
  const navigate = useNavigate();
  const follow = useFollow();
  const signedIn = user !== null;
  const delivery = settings.appMode === 'delivery';

  const loadCarTypes = useCallback((signal: AbortSignal) => api.fetchCarTypes({}, { signal }).then((r) => r.items), [api]);
  const carTypes = useApiQuery(loadCarTypes);
  useTopic('catalog', carTypes.reload);

  const [pickup, setPickup] = useState<TripPoint | null>(null);
  const [drop, setDrop] = useState<TripPoint | null>(null);
  const [pickupText, setPickupText] = useState('');
  const [dropText, setDropText] = useState('');
  const [pickTarget, setPickTarget] = useState<PickTarget>('pickup');
  const [carTypeId, setCarTypeId] = useState<string | null>(null);
  const [bookLater, setBookLater] = useState(false);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  /** Lookups that failed without stopping the booking (a point picked on the map keeps its coordinates). */
  const [notice, setNotice] = useState<ActionProblem | null>(null);
  const [locating, setLocating] = useState(false);
  const stopsDraft = useStopsDraft({ signedIn, onNotice: setNotice });
  const [estimating, setEstimating] = useState(false);
  const [parcelFor, setParcelFor] = useState<CarType | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [estimateOpen, setEstimateOpen] = useState(false);
  const [booking, setBooking] = useState(false);
  const [bookingProblem, setBookingProblem] = useState<ActionProblem | null>(null);
  const [booked, setBooked] = useState<BookingView | null>(null);
  /** Bumped on reset: remounts the estimate dialog so its delivery fields start empty. */
  const [round, setRound] = useState(0);

  // A newer choice for an end makes older lookups for it stale.
  const lookups = useRef<Record<TripEnd, number>>({ pickup: 0, drop: 0 });
  /** The confirmation in progress: its body and key. A retry of the same body reuses the key. */
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const setPoint = (end: TripEnd, point: TripPoint | null) => (end === 'pickup' ? setPickup(point) : setDrop(point));
  const setText = (end: TripEnd, text: string) => (end === 'pickup' ? setPickupText(text) : setDropText(text));
  const clearProblemOf = (field: Field) => setProblem((p) => (p?.field === field ? null : p));

  const choose = (end: TripEnd, point: TripPoint | null, text?: string) => {
    setPoint(end, point);
    if (text !== undefined) setText(end, text);
    if (point) clearProblemOf(end);
  };

  /** Typing replaces a chosen place: the old coordinates no longer match the text. */
  const typed = (end: TripEnd, text: string) => {
    lookups.current[end]++;
    setText(end, text);
    const current = end === 'pickup' ? pickup : drop;
    if (current && current.add !== text) setPoint(end, null);
  };

  const placeChosen = async (end: TripEnd, place: Place) => {
    const mine = ++lookups.current[end];
    setNotice(null);
    if (place.coords) {
      choose(end, { ...place.coords, add: place.description }, place.description);
      return;
    }
    choose(end, null, place.description);
    try {
      const { coords } = await api.getCoords({ body: { place_id: place.place_id } });
      if (lookups.current[end] === mine) choose(end, { ...coords, add: place.description });
    } catch (e) {
      if (lookups.current[end] === mine) setNotice({ key: isApiError(e) ? e.code : 'place_to_coords_error', fallback: errorText(t, e) });
    }
  };

  /**
   * Names a point by reverse geocoding unless a newer choice for its end came meanwhile. Resolves
   * true when the server refused the point itself (at sea): it is no place, so it is taken away.
   */
  const nameOf = async (end: TripEnd, p: MapPoint, mine: number): Promise<boolean> => {
    try {
      const { address } = await api.getAddress({ body: { latlng: `${p.lat},${p.lng}` } });
      if (lookups.current[end] === mine) choose(end, { ...p, add: address }, address);
      return false;
    } catch (e) {
      if (lookups.current[end] !== mine) return false;
      if (isApiError(e) && e.code === 'place_to_coords_error') {
        choose(end, null, '');
        setNotice({ key: 'place_to_coords_error' });
        return true;
      }
      // Spec §8: google_places_error on a failed geocode, 'Fetch Call Error' on a network failure.
      setNotice({ key: isApiError(e) && e.code === 'fetch_call_error' ? 'fetch_call_error' : 'google_places_error' });
      return false;
    }
  };

  /** A point from the map or the browser: usable at once by its coordinates, then named if possible. */
  const pointChosen = async (end: TripEnd, at: MapPoint): Promise<boolean> => {
    const mine = ++lookups.current[end];
    const p = roundPoint(at);
    const unnamed = { ...p, add: coordsLabel(p) };
    setNotice(null);
    choose(end, unnamed, unnamed.add);
    // Reverse geocoding needs a signed-in user; a visitor keeps the coordinates (and must sign in to book).
    return signedIn ? nameOf(end, p, mine) : false;
  };

  // The stored session can arrive after the form is shown: points chosen before it are named then
  // (this render's `nameOf` sees the session).
  useEffect(() => {
    if (!signedIn) return;
    for (const [end, point] of [['pickup', pickup], ['drop', drop]] as const) {
      if (point && point.add === coordsLabel(point)) void nameOf(end, point, lookups.current[end]);
    }
  }, [signedIn]);

  const mapPicked = (at: MapPoint) => {
    const stop = stopsDraft.stops.find((s) => `stop-${s.key}` === pickTarget);
    if (stop) {
      // A stop picked on the map; the drop is usually what comes next.
      void stopsDraft.pointChosen(stop.key, at);
      setPickTarget('drop');
      return;
    }
    const end: TripEnd = pickTarget === 'pickup' ? 'pickup' : 'drop';
    // A refused point leaves its end still to pick.
    void pointChosen(end, at).then((refused) => {
      if (refused) setPickTarget(end);
    });
    // Spec §4 Trip: the selected point toggles between pickup and drop.
    setPickTarget((target) => (target === 'pickup' ? 'drop' : 'pickup'));
  };

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      setNotice({ key: 'allow_location' });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        void pointChosen('pickup', { lat: pos.coords.latitude, lng: pos.coords.longitude });
        setPickTarget('drop');
      },
      () => {
        setLocating(false);
        // Spec §8 allow_location: shown in red when the location is unavailable.
        setNotice({ key: 'allow_location' });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const tripdateText = bookLater ? (date && time ? `${date}T${time}` : '') : null;
  // The picked time is the operator's wall clock (where the trip happens), not the device's.
  const zone = operatorZone(settings);
  const tripdate = tripdateText ? tripInstant(tripdateText, zone) : null;
  const carType = carTypes.data?.find((c) => c.id === carTypeId) ?? null;
  const trip = `${tripKey(pickup, drop)}|${stopsDraft.tripKey}`;
  const route = quote && quote.trip === trip ? quote.estimate.route.coords : undefined;

  // Spec §5 no_driver_found_alert_messege, said as soon as the pickup and the car type are known
  // (the server's own Book Now search), not after the parcel and recipient are typed in.
  const availability = useDriverAvailability({ pickup, carTypeId, enabled: signedIn && !bookLater && (role === 'rider' || role === 'admin') });

  const requestEstimate = async (parcel: ParcelChoice) => {
    if (!pickup || !drop || !carTypeId) return;
    setEstimating(true);
    setProblem(null);
    try {
      const estimate = await api.getEstimate({ body: { pickup, drop, ...stopsBody(), carTypeId, ...parcel } });
      setQuote({ estimate, trip, parcel });
      setParcelFor(null);
      // Each opening is a new confirmation: it gets its own Idempotency-Key.
      attempt.current = null;
      setBookingProblem(null);
      setEstimateOpen(true);
    } catch (e) {
      setParcelFor(null);
      // A place outside the service areas is named by the server (pickup or drop): marked on its field too.
      const field = isApiError(e) && e.code === 'outside_service_area' ? e.details?.[0]?.path : undefined;
      setProblem({ key: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e), ...(field ? { field } : {}) });
    } finally {
      setEstimating(false);
    }
  };

  // The stops go with the estimate and the booking only when there are some.
  const stopsBody = () => (stopsDraft.points?.length ? { stops: stopsDraft.points } : {});

  const book = () => {
    setNotice(null);
    const check = validateBookingForm({
      role,
      channel,
      pickup,
      drop,
      carType: carTypeId,
      riderId,
      bookLater,
      tripdate: tripdateText ? tripdate : tripdateText,
    });
    if (!check.ok) {
      setProblem({ key: check.key, field: check.field });
      return;
    }
    if (!stopsDraft.points) {
      setProblem({ key: 'stops_choose_place', field: 'stops' });
      return;
    }
    setProblem(null);
    if (delivery && carType && (carType.parcelTypes.length > 0 || carType.options.length > 0)) {
      setParcelFor(carType);
      return;
    }
    void requestEstimate({});
  };

  const confirm = async (instructionData: InstructionData | undefined) => {
    if (!quote || !pickup || !drop || !carTypeId) return;
    const body: AddBookingBody = {
      pickup,
      drop,
      ...stopsBody(),
      carTypeId,
      ...quote.parcel,
      bookLater,
      // The text as picked: the server reads it in the operator's zone and checks the 15 minutes.
      ...(bookLater && tripdate !== null && tripdateText ? { tripdate: tripdateText } : {}),
      ...(instructionData ? { instructionData } : {}),
      ...(channel === 'admin' && riderId ? { riderId } : {}),
    };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    setBooking(true);
    setBookingProblem(null);
    try {
      const created = await api.addBooking({ body }, { headers: { 'Idempotency-Key': attempt.current.key } });
      setEstimateOpen(false);
      setBooked(created);
    } catch (e) {
      setBookingProblem({ key: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
    } finally {
      setBooking(false);
    }
  };

  /** Spec §4: the success dialog clears booking and estimate and resets the form. */
  const reset = () => {
    lookups.current = { pickup: lookups.current.pickup + 1, drop: lookups.current.drop + 1 };
    attempt.current = null;
    setPickup(null);
    setDrop(null);
    stopsDraft.reset();
    setPickupText('');
    setDropText('');
    setPickTarget('pickup');
    setCarTypeId(null);
    setBookLater(false);
    setDate('');
    setTime('');
    setProblem(null);
    setNotice(null);
    setQuote(null);
    setEstimateOpen(false);
    setBookingProblem(null);
    setBooked(null);
    setRound((n) => n + 1);
  };

  // Spec §2: in taxi mode a rider's success goes on to /bookings; delivery pays from there too.
  const goToBookings = () => {
    reset();
    navigate('/bookings');
  };
  const closeSuccess = () => {
    if (channel === 'rider' && !delivery) goToBookings();
    else reset();
  };

  const pickLabelId = useId();
  const shownBookingProblem = useMemo(() => problemForChannel(bookingProblem, channel), [bookingProblem, channel]);
  const fieldError = (field: Field) => (problem?.field === field ? t(keyForChannel(problem.key, channel)) : undefined);
  // Suggestions near the other end of the trip, else near the map's centre.
  const nearFor = (end: TripEnd): MapPoint | undefined => (end === 'pickup' ? drop : pickup) ?? mapCenter;
  const mapPickup = useMemo(() => (pickup ? { lat: pickup.lat, lng: pickup.lng } : undefined), [pickup]);
  const mapDrop = useMemo(() => (drop ? { lat: drop.lat, lng: drop.lng } : undefined), [drop]);
  const mapStops = useMemo(() => stopsDraft.stops.flatMap((s) => (s.point ? [{ lat: s.point.lat, lng: s.point.lng }] : [])), [stopsDraft.tripKey]);

  const roleNote =
    !signedIn ? (
      <Alert
        type="info"
        data-testid="booking-sign-in-note"
        action={
          <Button href="/login" onFollow={follow}>
            {t('sign_in')}
          </Button>
        }
      >
        {t('bf_sign_in_note')}
      </Alert>
    ) : channel === 'rider' && role === 'admin' ? (
      <Alert
        type="info"
        action={
          <Button href="/addbookings" onFollow={follow}>
            {t('menu_add_booking')}
          </Button>
        }
      >
        {t('bf_admin_note')}
      </Alert>
    ) : null;

  return (
    <Container
      header={
        <Header variant="h2" description={t(delivery ? 'bf_description_delivery' : 'bf_description_taxi')}>
          {t(delivery ? 'rider_send_parcel' : 'rider_book_ride')}
        </Header>
      }
    >
      {/* Grid columns follow the container's width (not the window's): side by side when wide, also
          beside the admin side menu, and stacked on a phone. */}
      <Grid gridDefinition={[{ colspan: { default: 12, s: 6, m: 5 } }, { colspan: { default: 12, s: 6, m: 7 } }]}>
        <SpaceBetween size="l">
          {roleNote}
          {channel === 'admin' && renderRiderField ? renderRiderField(fieldError('riderId')) : null}
          <PlaceField
            label={t('bf_pickup')}
            placeholder={t('bf_pickup_placeholder')}
            text={pickupText}
            onTextChange={(text) => typed('pickup', text)}
            onPlace={(place) => void placeChosen('pickup', place)}
            near={nearFor('pickup')}
            signedIn={signedIn}
            errorText={fieldError('pickup')}
            testId="pickup-search"
            secondaryControl={
              <Button
                iconName="location-pin"
                onClick={locateMe}
                loading={locating}
                ariaLabel={t('bf_use_my_location')}
                data-testid="use-my-location"
              >
                {t('bf_my_location')}
              </Button>
            }
          />
          {/* Stops sit between the ends, in the order they are driven. */}
          <StopsField draft={stopsDraft} near={pickup ?? drop ?? mapCenter} signedIn={signedIn} errorText={fieldError('stops')} />
          <PlaceField
            label={t('bf_drop')}
            placeholder={t('bf_drop_placeholder')}
            text={dropText}
            onTextChange={(text) => typed('drop', text)}
            onPlace={(place) => void placeChosen('drop', place)}
            near={nearFor('drop')}
            signedIn={signedIn}
            errorText={fieldError('drop')}
            testId="drop-search"
          />
          {notice ? (
            <Alert type={notice.key === 'allow_location' ? 'error' : 'warning'} dismissible onDismiss={() => setNotice(null)} data-testid="booking-notice">
              {t(keyForChannel(notice.key, channel), { defaultValue: notice.fallback })}
            </Alert>
          ) : null}
          <CarTypeField
            carTypes={carTypes.data}
            loading={carTypes.loading}
            loadError={carTypes.error}
            onRetry={carTypes.reload}
            value={carTypeId}
            onChange={(id) => {
              setCarTypeId(id);
              clearProblemOf('carType');
            }}
            errorText={fieldError('carType')}
          />
          <DriverAvailabilityNotice state={availability} channel={channel} />
          <WhenField
            bookLater={bookLater}
            onBookLaterChange={(later) => {
              setBookLater(later);
              clearProblemOf('tripdate');
            }}
            date={date}
            time={time}
            onDateChange={(d) => {
              setDate(d);
              clearProblemOf('tripdate');
            }}
            onTimeChange={(v) => {
              setTime(v);
              clearProblemOf('tripdate');
            }}
            errorText={fieldError('tripdate')}
            timeZone={zone}
          />
          {problem ? (
            <Alert type="error" data-testid="booking-form-error">
              {t(keyForChannel(problem.key, channel), { defaultValue: problem.fallback })}
            </Alert>
          ) : null}
          <Button variant="primary" fullWidth onClick={book} loading={estimating} data-testid="book-button">
            {t(bookLater ? 'bf_book_later' : 'bf_book_now')}
          </Button>
        </SpaceBetween>
        <SpaceBetween size="s">
          <FormField label={<span id={pickLabelId}>{t('bf_pick_on_map')}</span>} description={t('bf_pick_on_map_hint')} stretch>
            <SegmentedControl
              data-testid="map-pick-target"
              ariaLabelledby={pickLabelId}
              selectedId={pickTarget}
              onChange={({ detail }) => setPickTarget(detail.selectedId as PickTarget)}
              options={[
                { id: 'pickup', text: t('bf_pickup') },
                ...stopsDraft.stops.map((s, i) => ({ id: `stop-${s.key}`, text: t('stop_n', { n: i + 1 }) })),
                { id: 'drop', text: t('bf_drop') },
              ]}
            />
          </FormField>
          <LazyTripMap pickup={mapPickup} drop={mapDrop} stops={mapStops} route={route} onPick={mapPicked} ariaLabel={t('bf_map_label')} />
          {quote && route ? (
            <Box fontSize="body-s" color="text-body-secondary">
              {t('bf_route_shown')}
            </Box>
          ) : null}
        </SpaceBetween>
      </Grid>
      <ParcelModal carType={parcelFor} busy={estimating} onCancel={() => setParcelFor(null)} onContinue={(choice) => void requestEstimate(choice)} />
      <EstimateModal
        key={round}
        estimate={estimateOpen && quote ? quote.estimate : null}
        pickup={pickup}
        drop={drop}
        stops={stopsDraft.points}
        bookLater={bookLater}
        tripdate={tripdate}
        delivery={delivery}
        busy={booking}
        problem={shownBookingProblem}
        onCancel={() => setEstimateOpen(false)}
        onConfirm={(instructions) => void confirm(instructions)}
      />
      {booked ? (
        <BookingSuccessModal
          booking={booked}
          onClose={closeSuccess}
          onGoToBookings={goToBookings}
          onOpenTrip={channel === 'rider' ? () => { const id = booked.id; reset(); navigate(`/trip?id=${encodeURIComponent(id)}`); } : undefined}
          goLabel={t(channel === 'admin' ? 'menu_booking_history' : 'bf_go_to_bookings')}
        />
      ) : null}
    </Container>
  );
}
