import { parcelPhoto } from './parcel-photo';

/**
 * What a simulated driver does with work: takes an offer after a short think, drives the road to
 * the pickup and then to the drop (the platform's own route, pinging as it goes), and moves the
 * booking through ARRIVED, STARTED (marking each of its stops reached on the way, in order) and
 * REACHED to PAID: cash at the drop, or nothing to collect when the booking was prepaid. In delivery mode it photographs the parcel at both ends,
 * and records who took a parcel that has a delivery code before settling it.
 */

export interface LatLng { lat: number; lng: number }

export type Call = (token: string, method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

export interface TripPlayerOptions {
  call: Call;
  /** An admin's token: the simulation's stand-in for the rider reading out their trip code. */
  adminToken: () => string;
  /** Metres per second while driving a trip. */
  speedMps: number;
  /** How long a driver looks at an offer before taking it (ms, random within). */
  thinkMs: [number, number];
  /** Upload pickup and delivery photos (delivery mode). */
  photos: boolean;
  onEvent?: (e: string) => void;
}

export interface ActiveTrip {
  bookingId: string;
  status: string;
  /** The road still ahead, first point next. */
  path: LatLng[];
  /** When the next step is due (arrive waits at the door, start waits for the rider). */
  waitUntil?: number;
  busy?: boolean;
  mode?: 'delivery' | 'taxi';
  /** The booking's stops and how many are reached: while one is ahead the path leads to it, not the drop. */
  stops?: LatLng[];
  stopsReached?: number;
  drop?: LatLng;
  /** A parcel whose delivery is recorded (a code, or who took it) before it is settled. */
  codeRequired?: boolean;
}

/** Where a STARTED trip drives next: its next stop, else the drop. */
const nextTarget = (trip: ActiveTrip): LatLng | undefined => trip.stops?.[trip.stopsReached ?? 0] ?? trip.drop;
/** The booking's stops as the trip keeps them. */
const stopsOf = (b: { stops?: LatLng[]; stopsReached?: number; drop?: LatLng }) => ({ stops: b.stops ?? [], stopsReached: b.stopsReached ?? 0, drop: b.drop });

export interface PlayerDriver extends LatLng {
  email: string;
  token: string;
  heading: number;
  trip?: ActiveTrip;
  /** An offer being thought about. */
  considering?: string;
}


const rand = ([a, b]: [number, number]) => a + Math.random() * (b - a);

function distanceM(a: LatLng, b: LatLng): number {
  const dLat = ((b.lat - a.lat) * Math.PI) / 180;
  const dLng = ((b.lng - a.lng) * Math.PI) / 180;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos((a.lat * Math.PI) / 180) * Math.cos((b.lat * Math.PI) / 180) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function createTripPlayer(opts: TripPlayerOptions) {
  const { call } = opts;
  const log = (e: string) => opts.onEvent?.(e);

  const route = async (d: PlayerDriver, to: LatLng): Promise<LatLng[]> => {
    const res = await call(d.token, 'POST', '/geo/route', { start: `${d.lat},${d.lng}`, dest: `${to.lat},${to.lng}` });
    return res.status === 200 && Array.isArray(res.body?.coords) && res.body.coords.length ? res.body.coords : [to];
  };

  const step = async (d: PlayerDriver, path: string, body: unknown = {}) => {
    const res = await call(d.token, 'POST', `/bookings/${d.trip!.bookingId}/${path}`, body);
    if (res.status !== 200) throw new Error(`${path} ${res.status} ${res.body?.error?.code ?? ''}`);
    return res.body;
  };

  const photo = async (d: PlayerDriver, kind: 'pickup_image' | 'deliver_image') => {
    const photoBytes = parcelPhoto(kind === 'pickup_image' ? 'pickup' : 'delivery', d.trip!.bookingId);
    const ticket = await call(d.token, 'POST', `/bookings/${d.trip!.bookingId}/photos/${kind}/upload-url`, { contentType: 'image/png', size: photoBytes.length });
    if (ticket.status !== 200) return;
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.body.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(photoBytes)], { type: 'image/png' }), 'photo.png');
    const post = await fetch(ticket.body.url, { method: 'POST', body: form });
    if (post.ok) await call(d.token, 'POST', `/bookings/${d.trip!.bookingId}/photos/${kind}`, {});
  };

  /** Moves the driver `metres` along the trip's path; true when the path's end is reached. */
  const drive = (d: PlayerDriver, metres: number): boolean => {
    const trip = d.trip!;
    let left = metres;
    while (trip.path.length && left > 0) {
      const next = trip.path[0]!;
      const gap = distanceM(d, next);
      if (gap <= left) {
        d.lat = next.lat; d.lng = next.lng; left -= gap; trip.path.shift();
      } else {
        const f = left / gap;
        d.heading = (Math.atan2(next.lng - d.lng, next.lat - d.lat) * 180) / Math.PI;
        d.lat += (next.lat - d.lat) * f; d.lng += (next.lng - d.lng) * f; left = 0;
      }
    }
    return trip.path.length === 0;
  };

  return {
    /** A trip the driver already holds (a restart mid-trip picks it up where it was). */
    async resume(d: PlayerDriver): Promise<void> {
      const res = await call(d.token, 'GET', '/bookings?status=ACCEPTED,ARRIVED,STARTED,REACHED&limit=1');
      const b = res.body?.items?.[0];
      if (!b) return;
      d.trip = { bookingId: b.id, status: b.status, path: [], ...stopsOf(b) };
      d.trip.path = await route(d, b.status === 'STARTED' ? nextTarget(d.trip)! : b.pickup);
      log(`${d.email} resumes ${b.id} (${b.status})`);
    },

    /** Looks at the driver's offers and takes the first after a think. */
    async consider(d: PlayerDriver): Promise<void> {
      if (d.trip || d.considering) return;
      const res = await call(d.token, 'GET', '/drivers/me/offers');
      const offer = res.body?.items?.[0];
      if (!offer) return;
      d.considering = offer.bookingId;
      await new Promise((r) => setTimeout(r, rand(opts.thinkMs)));
      try {
        const taken = await call(d.token, 'POST', `/bookings/${offer.bookingId}/accept`, {});
        if (taken.status !== 200) return; // someone else was quicker, or it was cancelled
        d.trip = {
          bookingId: offer.bookingId, status: 'ACCEPTED', path: await route(d, taken.body.pickup),
          mode: taken.body.deliveryPerson ? 'delivery' : 'taxi', codeRequired: taken.body.deliveryCodeRequired === true,
        };
        log(`${d.email} accepted ${offer.bookingId}`);
      } finally {
        d.considering = undefined;
      }
    },

    /**
     * One tick of a driver on a trip: drive `metres`, and take the next step when there. Says
     * whether the trip goes on, was driven to the end, or was taken away (cancelled by the rider).
     */
    async advance(d: PlayerDriver, metres: number): Promise<'going' | 'done' | 'left'> {
      const trip = d.trip!;
      if (trip.busy) return 'going';
      trip.busy = true;
      try {
        const now = Date.now();
        if (trip.waitUntil && now < trip.waitUntil) return 'going';
        if (trip.status === 'ACCEPTED' || trip.status === 'STARTED') {
          if (!drive(d, metres)) return 'going';
        }
        switch (trip.status) {
          case 'ACCEPTED':
            trip.status = (await step(d, 'arrive')).status;
            trip.waitUntil = now + 3000;
            if (opts.photos && trip.mode === 'delivery') await photo(d, 'pickup_image');
            return 'going';
          case 'ARRIVED': {
            const booking = await call(opts.adminToken(), 'GET', `/bookings/${trip.bookingId}`);
            const started = await step(d, 'start', booking.body?.otp !== undefined ? { otp: String(booking.body.otp) } : {});
            trip.status = started.status;
            Object.assign(trip, stopsOf(started));
            trip.path = await route(d, nextTarget(trip)!);
            return 'going';
          }
          case 'STARTED':
            if ((trip.stopsReached ?? 0) < (trip.stops?.length ?? 0)) {
              // At a stop: mark it, then drive on to the next one (or the drop).
              const marked = await step(d, 'stops/reach', { index: trip.stopsReached ?? 0 });
              Object.assign(trip, stopsOf(marked));
              log(`${d.email} reached stop ${trip.stopsReached} of ${trip.stops!.length} on ${trip.bookingId}`);
              trip.path = await route(d, nextTarget(trip)!);
              trip.waitUntil = now + 2000;
              return 'going';
            }
            trip.status = (await step(d, 'reach')).status;
            if (opts.photos && trip.mode === 'delivery') await photo(d, 'deliver_image');
            trip.waitUntil = now + 2000;
            return 'going';
          case 'REACHED': {
            // A parcel with a delivery code is settled only once its delivery is recorded. The
            // recipient's code went to their phone, which the simulation does not hold: its driver
            // finds nobody at the door and leaves the parcel with the building's concierge (the
            // delivery photo, which that needs, was taken on arrival).
            if (trip.codeRequired) {
              if (!opts.photos) await photo(d, 'deliver_image');
              await step(d, 'delivery/proof', { method: 'left_with', receivedBy: 'The concierge' });
              log(`${d.email} left the parcel of ${trip.bookingId} with the concierge`);
            }
            const paid = await step(d, 'settle', { method: 'cash' });
            log(`${d.email} finished ${trip.bookingId}: ${paid.status}`);
            d.trip = undefined;
            return 'done';
          }
          default:
            d.trip = undefined;
            return 'left';
        }
      } catch (e) {
        // The booking moved on without us (cancelled, or a step raced): look at it afresh.
        const res = await call(d.token, 'GET', `/bookings/${trip.bookingId}`);
        const status = res.body?.status;
        if (res.status !== 200 || !['ACCEPTED', 'ARRIVED', 'STARTED', 'REACHED'].includes(status) || res.body.driver === undefined) {
          log(`${d.email} left ${trip.bookingId}: ${(e as Error).message}`);
          d.trip = undefined;
          return 'left';
        }
        trip.status = status;
        Object.assign(trip, stopsOf(res.body));
        // A stop marked meanwhile (or one refused): drive to what is next now.
        if (status === 'STARTED') trip.path = await route(d, nextTarget(trip)!);
        return 'going';
      } finally {
        if (d.trip) d.trip.busy = false;
      }
    },
  };
}
