import type { Role } from '../contract/route';

/**
 * The people a booking names: what every right to it is decided on. A stored booking is one; so
 * is a stream image of it, which is why the right is a function of these fields alone.
 */
export interface BookingParties {
  customer?: string;
  driver?: string;
  fleetadmin?: string;
  /** Drivers holding a live offer. */
  requestedDrivers?: Readonly<Record<string, boolean>>;
}

export interface BookingViewer {
  uid: string;
  role: Role | string;
}

/**
 * Who may read a booking and its tracking (spec §6): its rider, its driver or a driver holding its
 * offer, its fleet admin, any admin. The REST reads (fetchBooking, fetchTracking, the trip steps)
 * and every live delivery of `booking/<id>` and `tracking/<id>` answer with this one rule.
 */
export function maySeeBooking(b: BookingParties | undefined, viewer: BookingViewer): boolean {
  if (!b) return false;
  switch (viewer.role) {
    case 'admin': return true;
    case 'rider': return !!b.customer && b.customer === viewer.uid;
    case 'driver': return (!!b.driver && b.driver === viewer.uid) || b.requestedDrivers?.[viewer.uid] === true;
    case 'fleetadmin': return !!b.fleetadmin && b.fleetadmin === viewer.uid;
    default: return false;
  }
}

/**
 * Who may read and write a trip's chat (spec §3, §6): its rider, its assigned driver and admins.
 * A driver merely offered the trip, its fleet admin, or a driver who gave it up cannot.
 */
export function mayChat(b: BookingParties | undefined, viewer: BookingViewer): boolean {
  if (!b) return false;
  if (viewer.role === 'admin') return true;
  if (viewer.role === 'rider') return !!b.customer && b.customer === viewer.uid;
  return viewer.role === 'driver' && !!b.driver && b.driver === viewer.uid;
}

/**
 * The live topics whose right is a booking's, each with the rule of the REST read of the same
 * resource: `booking/<id>` (fetchBooking), `tracking/<id>` (fetchTracking), `chat/<id>`
 * (fetchChat). These rights change with the booking (an accept, a give-up, a lapsed offer), so
 * they are checked at subscribe time and again at every delivery.
 */
export function bookingTopic(topic: string): { bookingId: string; may: (b: BookingParties | undefined, viewer: BookingViewer) => boolean } | undefined {
  const m = /^(booking|tracking|chat)\/(.+)$/.exec(topic);
  if (!m) return undefined;
  return { bookingId: m[2]!, may: m[1] === 'chat' ? mayChat : maySeeBooking };
}

/** Whether a change of a booking may have changed who holds a right to it. */
export function partiesDiffer(a: BookingParties | undefined, b: BookingParties | undefined): boolean {
  if (a?.customer !== b?.customer || a?.driver !== b?.driver || a?.fleetadmin !== b?.fleetadmin) return true;
  const offered = (p: BookingParties | undefined) => Object.keys(p?.requestedDrivers ?? {}).filter((k) => p!.requestedDrivers![k] === true).sort().join(',');
  return offered(a) !== offered(b);
}
