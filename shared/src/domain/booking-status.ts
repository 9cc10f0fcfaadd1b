import type { Role } from '../contract/route';
import { conflict, forbidden } from './errors';

/** Spec §4, in lifecycle order. */
export const BOOKING_STATUSES = [
  'PAYMENT_PENDING',
  'NEW',
  'ACCEPTED',
  'ARRIVED',
  'STARTED',
  'REACHED',
  'PENDING',
  'PAID',
  'COMPLETE',
  'CANCELLED',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export function isBookingStatus(value: string): value is BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(value);
}

/**
 * Who moves a booking. 'system' is the server acting on its own authority: a payment provider
 * confirmation, a dispatch timer; never a user's request. A user marks a booking paid only with
 * money the server moves or the driver holds: the rider's wallet, the driver's cash at the drop.
 */
export type Actor = Role | 'system';

export interface Transition {
  from: BookingStatus;
  to: BookingStatus;
  by: readonly Actor[];
  /** What the move means and the side effects §4 attaches to it. */
  note: string;
}

/**
 * Spec §4 transition table. Anything not listed is refused.
 *
 * Cancelling: §6 says cancelling needs the rider or admin role; §4's CANCELLED effects name
 * ACCEPTED and ARRIVED as the states with an assigned driver, so a rider whose driver is already
 * at the door may still cancel (paying the slab fee). The admin table keeps §4's own rule for its
 * button (NEW, ACCEPTED, PAYMENT_PENDING; see CANCELLABLE_STATUSES). A driver "cancels" a NEW
 * task by removing themselves from requestedDrivers, which is not a status change.
 *
 * Paying: a card payment is confirmed by the provider (system); a rider may settle from their
 * own wallet, which the server debits in the same transaction; the driver confirms cash at the drop.
 */
export const TRANSITIONS: readonly Transition[] = [
  {
    from: 'PAYMENT_PENDING', to: 'NEW', by: ['system'],
    note: 'Prepaid (delivery) booking paid through a provider; it becomes bookable by drivers.',
  },
  {
    from: 'PAYMENT_PENDING', to: 'CANCELLED', by: ['rider', 'admin'],
    note: 'Incomplete booking abandoned; the admin screen cancels with a fixed reason after 1.5 s.',
  },
  {
    from: 'NEW', to: 'ACCEPTED', by: ['driver'],
    note: 'A requested driver accepts: driver details copied, their requested entry removed, queue = true, customer notified, tracking point logged.',
  },
  {
    from: 'NEW', to: 'CANCELLED', by: ['rider', 'admin'],
    note: 'Reason and cancelledBy stored; the requested drivers are removed.',
  },
  {
    from: 'ACCEPTED', to: 'ARRIVED', by: ['driver'],
    note: 'Arrival time recorded; customer told the driver is near.',
  },
  {
    from: 'ACCEPTED', to: 'CANCELLED', by: ['rider', 'admin'],
    note: 'Reason and cancelledBy stored; the driver\'s queue is freed and both parties notified.',
  },
  {
    from: 'ACCEPTED', to: 'NEW', by: ['driver'],
    note: 'Beyond the spec: the driver gives the trip up before pickup; it goes back to dispatch without that driver.',
  },
  {
    from: 'ARRIVED', to: 'NEW', by: ['driver'],
    note: 'Beyond the spec: as above, after arriving (the rider did not show up at the door, the car broke down).',
  },
  {
    from: 'ARRIVED', to: 'CANCELLED', by: ['rider', 'admin'],
    note: 'As from ACCEPTED: the driver is freed, both parties told, a rider pays the slab fee.',
  },
  {
    from: 'ARRIVED', to: 'STARTED', by: ['driver'],
    note: 'Start time recorded, tracking point logged, customer notified.',
  },
  {
    from: 'STARTED', to: 'REACHED', by: ['driver'],
    note: 'End time and total seconds recorded, drop saved to the customer\'s addresses; in taxi mode distance and fare are recomputed from tracking.',
  },
  {
    from: 'REACHED', to: 'PENDING', by: ['driver'],
    note: 'Trip over, payment still due from the rider (Pay now); the driver\'s queue is set to false.',
  },
  {
    from: 'REACHED', to: 'PAID', by: ['driver', 'rider', 'system'],
    note: 'Settled at the drop: cash or prepaid confirmed by the driver, or the rider pays from their wallet; driver wallet credited with the share, cash taken debited.',
  },
  {
    from: 'PENDING', to: 'PAID', by: ['rider', 'system'],
    note: 'The rider pays from their wallet, or their provider payment is confirmed; driver wallet credited, both parties notified.',
  },
  {
    from: 'PAID', to: 'COMPLETE', by: ['rider', 'system'],
    note: 'Closed, with an optional rating that updates the driver\'s one-decimal average.',
  },
];

export function findTransition(from: BookingStatus, to: BookingStatus): Transition | undefined {
  return TRANSITIONS.find((t) => t.from === from && t.to === to);
}

export function canTransition(from: BookingStatus, to: BookingStatus, actor: Actor): boolean {
  return findTransition(from, to)?.by.includes(actor) ?? false;
}

/** Statuses `actor` may move a booking to from `from`. */
export function nextStatuses(from: BookingStatus, actor: Actor): BookingStatus[] {
  return TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.to);
}

/**
 * Throws when the move is refused: 409 `booking_moved_on` when no such move exists from the
 * current status (usually a stale client, or a step another call already took), 403 forbidden
 * when it exists but not for this actor.
 */
export function assertTransition(from: BookingStatus, to: BookingStatus, actor: Actor): void {
  const transition = findTransition(from, to);
  if (!transition) throw conflict('booking_moved_on', `A booking cannot go from ${from} to ${to}`);
  if (!transition.by.includes(actor)) throw forbidden('forbidden', `${actor} may not move a booking from ${from} to ${to}`);
}

/**
 * Spec §4 creation: NEW when the app category is taxi or an admin made the booking (admin
 * bookings are not prepaid); otherwise PAYMENT_PENDING until the provider confirms payment.
 */
export function initialStatus(input: { appCategory: 'taxi' | 'delivery'; createdByAdmin: boolean }): BookingStatus {
  return input.appCategory === 'taxi' || input.createdByAdmin ? 'NEW' : 'PAYMENT_PENDING';
}

/** Spec §4: bookings still in progress (everything except COMPLETE and CANCELLED). */
export const ACTIVE_STATUSES: ReadonlySet<BookingStatus> = new Set<BookingStatus>([
  'PAYMENT_PENDING', 'NEW', 'ACCEPTED', 'ARRIVED', 'STARTED', 'REACHED', 'PENDING', 'PAID',
]);
/** Spec §4: the driver's tracked booking is one in these statuses. */
export const TRACKED_STATUSES: ReadonlySet<BookingStatus> = new Set<BookingStatus>(['ACCEPTED', 'ARRIVED', 'STARTED']);
/** Spec §4: tracking points logged in these statuses count towards the trip distance. */
export const DISTANCE_COUNTING_STATUSES: ReadonlySet<BookingStatus> = new Set<BookingStatus>(['STARTED', 'REACHED']);
/** No transition leaves these. */
export const TERMINAL_STATUSES: ReadonlySet<BookingStatus> = new Set<BookingStatus>(['COMPLETE', 'CANCELLED']);
/** Spec §4 Admin actions: cancel is enabled only here. */
export const CANCELLABLE_STATUSES: ReadonlySet<BookingStatus> = new Set<BookingStatus>(['NEW', 'ACCEPTED', 'PAYMENT_PENDING']);

export const isActive = (s: BookingStatus) => ACTIVE_STATUSES.has(s);
export const isTracked = (s: BookingStatus) => TRACKED_STATUSES.has(s);
export const countsForDistance = (s: BookingStatus) => DISTANCE_COUNTING_STATUSES.has(s);
export const isTerminal = (s: BookingStatus) => TERMINAL_STATUSES.has(s);

/**
 * Row action "cancel booking" of the bookings table (§4, §6); the rider's trip view also offers
 * cancel once the driver has arrived (the transition table allows it): a cancellable status and a rider or admin. In demo mode
 * (critical edits off) a rider may not cancel (§5).
 */
export function canCancel(status: BookingStatus, role: Role, criticalEditsAllowed = true): boolean {
  if (role === 'rider' && !criticalEditsAllowed) return false;
  return CANCELLABLE_STATUSES.has(status) && canTransition(status, 'CANCELLED', role);
}

/** Row action "assign driver" (§4): NEW, admin, and auto-dispatch off. */
export function canAssignDriver(status: BookingStatus, role: Role, autoDispatch: boolean): boolean {
  return status === 'NEW' && role === 'admin' && !autoDispatch;
}

/** Row action "pay now" (§4): PENDING, rider; not in demo mode (§5). */
export function canPayNow(status: BookingStatus, role: Role, criticalEditsAllowed = true): boolean {
  return status === 'PENDING' && role === 'rider' && criticalEditsAllowed;
}
