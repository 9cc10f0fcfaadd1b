import * as z from 'zod';
import { STORY_REASONS } from '../domain/dispatch-story';
import { BookingIdParams, DistanceUnit } from './bookings';
import { route } from './route';

export const StoryReason = z.enum(STORY_REASONS);

/** One driver a round saw (or whose offer lapsed), and why they were or were not offered. */
export const DispatchStoryEntry = z.object({
  driver: z.string(),
  /** The name the geo index held (empty when the round did not see the driver and no other line names them). */
  name: z.string(),
  /** From the pickup, in `distanceUnit`; absent for a driver the round did not see. */
  distance: z.number().nonnegative().optional(),
  reason: StoryReason,
  carType: z.string().optional(),
});

export const DispatchStoryRound = z.object({
  round: z.number().int().positive(),
  at: z.number().int(),
  /** The round's own share of the search radius, and the radius, in `distanceUnit`. */
  roundRadius: z.number().nonnegative(),
  radius: z.number().nonnegative(),
  /** Drivers the search read; the story keeps the nearest 20 of them (`omitted` the rest). */
  seen: z.number().int().nonnegative(),
  omitted: z.number().int().nonnegative(),
  entries: z.array(DispatchStoryEntry),
});

const Canceller = z.enum(['rider', 'admin', 'system']);

export const DispatchStoryEvent = z.object({
  kind: z.enum(['declined', 'accepted', 'assigned', 'cancelled']),
  at: z.number().int(),
  driver: z.string().optional(),
  name: z.string().optional(),
  /** The round whose offer was accepted (0: an admin's assignment). */
  round: z.number().int().nonnegative().optional(),
  by: Canceller.optional(),
  /** The system's reason (no_driver_accepted, booking_not_taken_in_time); `reason` is a person's words. */
  code: z.string().optional(),
  reason: z.string().optional(),
  /** Offers standing when the booking was cancelled: at the system's give-up, offers left to lapse. */
  openOffers: z.array(z.object({ driver: z.string(), name: z.string() })).optional(),
});

export const DispatchStoryOutcome = z.object({
  kind: z.enum(['open', 'accepted', 'cancelled']),
  at: z.number().int().optional(),
  driver: z.string().optional(),
  name: z.string().optional(),
  round: z.number().int().nonnegative().optional(),
  by: Canceller.optional(),
  code: z.string().optional(),
  reason: z.string().optional(),
  /** Rounds run before the booking was cancelled. */
  rounds: z.number().int().nonnegative().optional(),
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
