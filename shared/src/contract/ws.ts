import * as z from './zod';

/**
 * WebSocket topics. A client subscribes to topics; the stream fan-out posts an `event` message to
 * every subscriber when an item behind the topic changes, and the client re-reads by REST, except
 * on tracking and chat topics, whose events carry the new point or message.
 */
export const Topic = z.union([
  z.literal('catalog'),
  z.literal('settings'),
  z.string().check(z.regex(/^user\/[A-Za-z0-9-]{1,64}$/)),
  /** One booking; and the booking lists of an audience (spec §6 booking lists by role). */
  z.string().check(z.regex(/^booking\/[A-Za-z0-9_-]{1,64}$/)),
  z.string().check(z.regex(/^bookings\/(customer|driver|fleet)\/[A-Za-z0-9-]{1,64}$/)),
  z.literal('bookings/all'),
  /** A driver's live offers. */
  z.string().check(z.regex(/^offers\/[A-Za-z0-9-]{1,64}$/)),
  /** The messages the platform sends a user. */
  z.string().check(z.regex(/^messages\/[A-Za-z0-9-]{1,64}$/)),
  /** A trip's tracking points and chat: their events carry the new point or message itself. */
  z.string().check(z.regex(/^(tracking|chat)\/[A-Za-z0-9_-]{1,64}$/)),
  /** Withdraw requests: every driver's (admins), or one driver's own. */
  z.literal('withdraws'),
  /** SOS alerts, raised, acknowledged, closed: every alert (admins), or those of one fleet's drivers' trips. */
  z.literal('sos'),
  z.string().check(z.regex(/^sos\/fleet\/[A-Za-z0-9-]{1,64}$/)),
  z.string().check(z.regex(/^withdraws\/[A-Za-z0-9-]{1,64}$/)),
  /** Live driver positions for the dashboard map, in batches: every driver (admins), or one fleet's. */
  z.literal('drivers/all'),
  z.string().check(z.regex(/^drivers\/fleet\/[A-Za-z0-9-]{1,64}$/)),
  /** The users tables (spec §2): every rider, driver or fleet admin (admins), or one fleet's drivers. */
  z.string().check(z.regex(/^users\/(rider|driver|fleetadmin)$/)),
  z.string().check(z.regex(/^users\/fleet\/[A-Za-z0-9-]{1,64}$/)),
]);
export type Topic = z.infer<typeof Topic>;

/** One driver's newest point in a `positions` batch. */
export const DriverPosition = z.object({
  uid: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** When the ping arrived (ms). */
  at: z.number(),
  /** `trip` while the driver holds a trip, else `free`. */
  status: z.enum(['free', 'trip']),
});
export type DriverPosition = z.infer<typeof DriverPosition>;

export const ClientMessage = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('subscribe'), topic: Topic }),
  z.strictObject({ action: z.literal('unsubscribe'), topic: Topic }),
  z.strictObject({ action: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const ServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), topic: z.string() }),
  /**
   * The answer to an unsubscribe; or, with `reason: 'forbidden'`, the server dropped the
   * subscription because the follower lost the right to it (an offer taken by another driver, a
   * trip given up): no further event of the topic arrives, and a re-read by REST answers 404.
   */
  z.object({ type: z.literal('unsubscribed'), topic: z.string(), reason: z.optional(z.literal('forbidden')) }),
  z.object({ type: z.literal('pong'), at: z.number() }),
  z.object({
    type: z.literal('event'), topic: z.string(), change: z.enum(['INSERT', 'MODIFY', 'REMOVE']), id: z.optional(z.string()),
    /** Small payloads that spare a re-read: a tracking point (id, at, status, lat, lng) or a chat message. */
    data: z.optional(z.record(z.string(), z.unknown())),
    /**
     * The correlation id of the request that made the change (its `x-correlation-id`), so a page
     * can tie a live update to the call that caused it; a stream record's own id when none did.
     */
    correlationId: z.optional(z.string()),
  }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  /**
   * A batch of driver positions on `drivers/all` or `drivers/fleet/<uid>`: the newest point of each
   * driver that moved since the last batch (at most one batch per ~2 s per viewer), and the drivers
   * who went offline. A uid the viewer does not know yet: re-read the roster (fetchActiveDrivers).
   */
  z.object({ type: z.literal('positions'), topic: z.string(), drivers: z.array(DriverPosition), gone: z.array(z.string()) }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
