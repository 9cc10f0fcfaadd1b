import * as z from './zod';
import { BookingIdParams } from './booking-view';
import { cleanText, page, PageQuery } from './common';
import { ROLES, route } from './route';

/**
 * A trip's chat (spec §3), apart from the trip steps (trips.ts): a function builds the
 * schemas of every contract module it imports when it loads.
 */

/** Spec §3 Chat message; `at` orders them, msgDate and msgTime are what the screens print. */
export const ChatMessage = z.object({
  id: z.string(),
  at: z.number(),
  message: z.string(),
  /** Spec §6: the customer's uid for riders, the driver's otherwise. */
  from: z.string(),
  type: z.literal('msg'),
  msgDate: z.string(),
  msgTime: z.string(),
  source: z.enum(ROLES),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const fetchChat = route({
  method: 'GET', path: '/bookings/{id}/chat', operationId: 'fetchChat', area: 'trips', auth: ['rider', 'driver', 'admin'],
  summary: 'The booking\'s chat, oldest first, for its rider, its driver and admins',
  params: BookingIdParams,
  query: z.strictObject(PageQuery.shape),
  response: page(ChatMessage),
});

export const sendChatMessage = route({
  method: 'POST', path: '/bookings/{id}/chat', operationId: 'sendChatMessage', area: 'trips', auth: ['rider', 'driver', 'admin'],
  summary: 'A chat message on an assigned booking; sender and source come from the caller, never the body',
  params: BookingIdParams,
  body: z.strictObject({ message: cleanText(1000, { required: true, multiline: true }) }),
  status: 201,
  response: ChatMessage,
});
