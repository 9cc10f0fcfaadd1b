import * as z from './zod';
import { MAX_STOPS } from '../domain/stops';
import { BookingIdParams, BookingView } from './booking-view';
import { route } from './route';

/**
 * Stops (domain/stops): the booking's driver marks the stops between pickup and drop reached, in
 * order, while the trip is STARTED. The booking's own live topic carries the progress.
 */

export const reachStop = route({
  method: 'POST', path: '/bookings/{id}/stops/reach', operationId: 'reachStop', area: 'trips', auth: ['driver'],
  summary: `The booking's driver marks stop \`index\` (0-based, at most ${MAX_STOPS - 1}) reached, in one write conditioned on the booking's version and its next stop: stopsReached moves on, a tracking point is added. Only while STARTED (409 stop_trip_not_started); a stop already reached is 409 stop_already_reached (a repeat, or the loser of simultaneous presses), a later stop while an earlier one is ahead 409 stop_out_of_order, an index the booking has no stop for 409 stop_unknown; anyone but the booking's driver 404. The drop (reachBooking) waits for every stop`,
  params: BookingIdParams,
  body: z.strictObject({ index: z.number().check(z.int(), z.gte(0), z.lte(MAX_STOPS - 1)) }),
  response: BookingView,
});
