import * as z from './zod';
import { page, PageQuery } from './common';
import { ROLES, route } from './route';

/**
 * A user's inbox (the bookings area's handler), apart from the bookings routes: a function builds
 * the schemas of every contract module it imports when it loads.
 */

/** A message the platform sent a user (spec "notified"); push delivery comes with the push work. */
export const InboxMessage = z.object({
  id: z.string(),
  at: z.number(),
  kind: z.string(),
  /** In English, as written. */
  title: z.string(),
  body: z.string(),
  /**
   * What the text was filled with, so a client words it in its reader's language from `kind`: a
   * string or number as it is, or a `{ term, values? }` the client words itself (a document, who
   * cancelled, how a trip was paid). Absent on messages written before values were kept.
   */
  values: z.optional(z.record(z.string(), z.unknown())),
  bookingId: z.optional(z.string()),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

export const fetchMessages = route({
  method: 'GET', path: '/me/messages', operationId: 'fetchMessages', area: 'users', auth: ROLES,
  summary: 'The messages the platform sent the signed-in user, newest first',
  query: PageQuery,
  response: page(InboxMessage),
});
