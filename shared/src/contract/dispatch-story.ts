import * as z from './zod';
import { STORY_REASONS } from '../domain/dispatch-story';
import { BookingIdParams, DistanceUnit } from './booking-view';
import { route } from './route';

export const StoryReason = z.enum(STORY_REASONS);

/** One driver a round saw (or whose offer lapsed), and why they were or were not offered. */
export const DispatchStoryEntry = z.object({
  driver: z.string(),
  /** The name the geo index held (empty when the round did not see the driver and no other line names them). */
  name: z.string(),
  /** From the pickup, in `distanceUnit`; absent for a driver the round did not see. */
  distance: z.optional(z.number().check(z.nonnegative())),
  reason: StoryReason,
  carType: z.optional(z.string()),
});

export const DispatchStoryRound = z.object({
  round: z.number().check(z.int(), z.positive()),
  at: z.number().check(z.int()),
  /** The round's own share of the search radius, and the radius, in `distanceUnit`. */
  roundRadius: z.number().check(z.nonnegative()),
  radius: z.number().check(z.nonnegative()),
  /** Drivers the search read; the story keeps the nearest 20 of them (`omitted` the rest). */
  seen: z.number().check(z.int(), z.nonnegative()),
  omitted: z.number().check(z.int(), z.nonnegative()),
  entries: z.array(DispatchStoryEntry),
});

const Canceller = z.enum(['rider', 'admin', 'system']);

export const DispatchStoryEvent = z.object({
  kind: z.enum(['declined', 'accepted', 'assigned', 'released', 'cancelled']),
  at: z.number().check(z.int()),
  driver: z.optional(z.string()),
  name: z.optional(z.string()),
  /** The round whose offer was accepted (0: an admin's assignment). */
  round: z.optional(z.number().check(z.int(), z.nonnegative())),
  by: z.optional(Canceller),
  /** The system's reason (no_driver_accepted, booking_not_taken_in_time); `reason` is a person's words. */
  code: z.optional(z.string()),
  reason: z.optional(z.string()),
  /** Offers standing when the booking was cancelled: at the system's give-up, offers left to lapse. */
  openOffers: z.optional(z.array(z.object({ driver: z.string(), name: z.string() }))),
});

export const DispatchStoryOutcome = z.object({
  kind: z.enum(['open', 'accepted', 'cancelled']),
  at: z.optional(z.number().check(z.int())),
  driver: z.optional(z.string()),
  name: z.optional(z.string()),
  round: z.optional(z.number().check(z.int(), z.nonnegative())),
  by: z.optional(Canceller),
  code: z.optional(z.string()),
  reason: z.optional(z.string()),
  /** Rounds run before the booking was cancelled. */
  rounds: z.optional(z.number().check(z.int(), z.nonnegative())),
});

export const DispatchStory = z.object({
  bookingId: z.string(),
  distanceUnit: DistanceUnit,
  rounds: z.array(DispatchStoryRound),
  events: z.array(DispatchStoryEvent),
  outcome: DispatchStoryOutcome,
});
export type DispatchStory = z.infer<typeof DispatchStory>;

/**
 * Admins only: the story names every driver near the pickup, whichever fleet they drive for, and
 * why the platform passed them over; a fleet admin's view of a booking is its own drivers' trips.
 */
export const fetchDispatchStory = route({
  method: 'GET', path: '/bookings/{id}/dispatch', operationId: 'fetchDispatchStory', area: 'bookings', auth: ['admin'],
  summary: 'Why each driver near the pickup was or was not offered the booking, round by round, and how its dispatch ended (admin; one query of the booking\'s story items)',
  params: BookingIdParams,
  response: DispatchStory,
});
