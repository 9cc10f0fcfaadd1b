import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '../../../shared/src/contract/trip-chat';
import { mayChat } from '../../../shared/src/domain/booking-access';
import { conflict, notFound } from '../../../shared/src/domain/errors';
import type { BookingRecord } from '../ports/bookings';
import type { ChatMessageRecord, TripStore } from '../ports/trips';
import type { Account } from './admit-caller';

/** A chat belongs to a trip with a driver: from acceptance until it is paid. */
const CHAT_OPEN = new Set(['ACCEPTED', 'ARRIVED', 'STARTED', 'REACHED', 'PENDING', 'PAID']);

/** The REST read's rule, the same one every live delivery of `chat/<id>` is checked with. */
function mayUseChat(booking: BookingRecord | undefined, account: Account): booking is BookingRecord {
  return mayChat(booking, { uid: account.profile.id, role: account.profile.usertype });
}

const present = ({ bookingId: _b, ...m }: ChatMessageRecord): ChatMessage => m;

export async function fetchChat(deps: { trips: TripStore }, account: Account, booking: BookingRecord | undefined, q: { cursor?: string; limit?: number }) {
  if (!mayUseChat(booking, account)) throw notFound();
  const page = await deps.trips.chat(booking.id, q);
  return { items: page.items.map(present), next: page.next };
}

/** Spec §3 Chat message and §6: the sender is the customer for riders and the driver otherwise; the source is the caller's role. */
export async function sendChatMessage(deps: { trips: TripStore; now: () => Date }, account: Account, booking: BookingRecord | undefined, input: { message: string }): Promise<ChatMessage> {
  if (!mayUseChat(booking, account)) throw notFound();
  if (!CHAT_OPEN.has(booking.status) || !booking.driver) throw conflict('conflict', `No chat on a ${booking.status} booking`);
  const now = deps.now();
  const iso = now.toISOString();
  const role = account.profile.usertype;
  const record: ChatMessageRecord = {
    id: randomUUID(), bookingId: booking.id, at: now.getTime(), message: input.message,
    from: role === 'rider' ? booking.customer : booking.driver,
    type: 'msg', msgDate: iso.slice(0, 10), msgTime: iso.slice(11, 16), source: role,
  };
  await deps.trips.addChat(record);
  return present(record);
}
