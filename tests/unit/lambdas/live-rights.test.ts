import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../shared/src/contract/ws';
import { bookingTopic, mayChat, maySeeBooking, partiesDiffer } from '../../../shared/src/domain/booking-access';
import { fanOutChange, type ChangeRecord, type FanOutDeps, type Subscriber } from '../../../lambdas/src/use-cases/fan-out-change';

/** An in-memory subscription store and socket log, shaped like the fan-out's ports. */
function world(subs: Record<string, Subscriber[]>, booking: Record<string, unknown> | undefined) {
  const posted: { to: string; message: ServerMessage }[] = [];
  const reads: string[] = [];
  const deps: FanOutDeps = {
    subscribers: async (topic) => [...(subs[topic] ?? [])],
    post: async (to, message) => { posted.push({ to, message }); return true; },
    forget: async () => {},
    unsubscribe: async (c, topic) => { subs[topic] = (subs[topic] ?? []).filter((s) => s.connectionId !== c); },
    booking: async (id) => { reads.push(id); return booking as never; },
    firstDelivery: async () => true,
    notifier: { deliver: async () => {} },
  };
  const eventsTo = (c: string) => posted.filter((p) => p.to === c && p.message.type === 'event').map((p) => (p.message as { topic: string }).topic);
  const droppedFor = (c: string) => posted.filter((p) => p.to === c && p.message.type === 'unsubscribed').map((p) => p.message);
  return { deps, posted, reads, subs, eventsTo, droppedFor };
}

const rider = { connectionId: 'cR', uid: 'r1', role: 'rider' };
const loser = { connectionId: 'cL', uid: 'd2', role: 'driver' };
const winner = { connectionId: 'cW', uid: 'd3', role: 'driver' };
const fleet = { connectionId: 'cF', uid: 'f1', role: 'fleetadmin' };
const admin = { connectionId: 'cA', uid: 'a', role: 'admin' };

describe('one rule per resource, for REST and every live delivery', () => {
  const b = { customer: 'r1', driver: 'd1', fleetadmin: 'f1', requestedDrivers: { d2: true } };
  it('a booking and its tracking: rider, driver or offered driver, fleet admin, admins; chat: rider, driver, admins', () => {
    expect(maySeeBooking(b, { uid: 'd2', role: 'driver' })).toBe(true);
    expect(mayChat(b, { uid: 'd2', role: 'driver' })).toBe(false);
    expect(mayChat(b, { uid: 'f1', role: 'fleetadmin' })).toBe(false);
    expect(maySeeBooking(b, { uid: 'f1', role: 'fleetadmin' })).toBe(true);
    // A booking nobody holds (released: no driver, no fleet) is nobody's but its rider's and admins'.
    expect(maySeeBooking({ customer: 'r1', requestedDrivers: {} }, { uid: 'f1', role: 'fleetadmin' })).toBe(false);
    expect(maySeeBooking({ customer: 'r1' }, { uid: '', role: 'driver' })).toBe(false);
    expect(maySeeBooking(undefined, { uid: 'a', role: 'admin' })).toBe(false);
    expect(bookingTopic('chat/BK1')?.may).toBe(mayChat);
    expect(bookingTopic('tracking/BK1')?.may).toBe(maySeeBooking);
    expect(bookingTopic('bookings/driver/d1')).toBeUndefined();
    expect(partiesDiffer(b, { ...b, requestedDrivers: {} })).toBe(true);
    expect(partiesDiffer(b, { ...b })).toBe(false);
  });
});

describe('the fan-out checks the right at every delivery', () => {
  it('an offer taken by another driver: the loser is dropped from the booking (refused by the record\'s image and by the booking now) and hears why', async () => {
    const w = world({ 'booking/BK1': [rider, loser, winner] }, undefined);
    const record: ChangeRecord = {
      eventId: 'e1', change: 'MODIFY', pk: 'BOOKING#BK1', sk: 'BOOKING',
      image: { customer: 'r1', driver: 'd3', requestedDrivers: {} }, before: { customer: 'r1', requestedDrivers: { d2: true, d3: true } },
    };
    await fanOutChange(w.deps, record);
    expect(w.eventsTo('cL')).toEqual([]);
    expect(w.droppedFor('cL')).toEqual([{ type: 'unsubscribed', topic: 'booking/BK1', reason: 'forbidden' }]);
    expect(w.subs['booking/BK1']!.map((s) => s.connectionId)).toEqual(['cR', 'cW']);
    expect(w.eventsTo('cR')).toEqual(['booking/BK1']);
    expect(w.eventsTo('cW')).toEqual(['booking/BK1']);
    // The image refused the loser: the booking as it is now (here: gone) confirms it, in one read.
    expect(w.reads).toEqual(['BK1']);
  });

  it('an older record handed over after a newer change drops nobody the booking admits now (the fleet admin who followed at the accept)', async () => {
    const accepted = { customer: 'r1', driver: 'd3', fleetadmin: 'f1', requestedDrivers: {} };
    const w = world({ 'booking/BK1': [rider, fleet, winner] }, accepted);
    // The offer's record, written before the accept named the fleet: it arrives once all three follow.
    await fanOutChange(w.deps, {
      eventId: 'e0', change: 'MODIFY', pk: 'BOOKING#BK1', sk: 'BOOKING',
      image: { customer: 'r1', requestedDrivers: { d3: true } }, before: { customer: 'r1', requestedDrivers: {} },
    });
    expect(w.droppedFor('cF')).toEqual([]);
    expect(w.subs['booking/BK1']!.map((s) => s.connectionId)).toEqual(['cR', 'cF', 'cW']);
    expect(['cR', 'cF', 'cW'].filter((c) => w.eventsTo(c).length)).toEqual(['cR', 'cF', 'cW']);
    expect(w.reads).toEqual(['BK1']);
    // A record whose image admits every follower costs no read.
    const quiet = world({ 'booking/BK1': [rider, fleet] }, accepted);
    await fanOutChange(quiet.deps, { eventId: 'e0b', change: 'MODIFY', pk: 'BOOKING#BK1', sk: 'BOOKING', image: accepted, before: accepted });
    expect(quiet.reads).toEqual([]);
    expect(quiet.eventsTo('cF')).toEqual(['booking/BK1']);
  });

  it('a booking whose parties changed drops its ex-parties from tracking and chat too, and delivers nothing there', async () => {
    const w = world({ 'tracking/BK1': [loser, fleet, rider], 'chat/BK1': [{ ...loser, connectionId: 'cL2', uid: 'd1' }, rider] }, undefined);
    await fanOutChange(w.deps, {
      eventId: 'e2', change: 'MODIFY', pk: 'BOOKING#BK1', sk: 'BOOKING',
      image: { customer: 'r1', requestedDrivers: { d9: true } }, before: { customer: 'r1', driver: 'd1', fleetadmin: 'f1', requestedDrivers: { d2: true } },
    });
    expect(w.subs['tracking/BK1']!.map((s) => s.connectionId)).toEqual(['cR']);
    expect(w.subs['chat/BK1']!.map((s) => s.connectionId)).toEqual(['cR']);
    expect(w.droppedFor('cF')).toEqual([{ type: 'unsubscribed', topic: 'tracking/BK1', reason: 'forbidden' }]);
    expect(w.posted.filter((p) => p.message.type === 'event' && /^(tracking|chat)\//.test((p.message as { topic: string }).topic))).toEqual([]);
  });

  it('a tracking point or chat message is checked against the booking as it is now, read once per record', async () => {
    const w = world({ 'tracking/BK1': [loser, winner, fleet, rider, admin] }, { customer: 'r1', driver: 'd3', fleetadmin: 'f2', requestedDrivers: {} });
    await fanOutChange(w.deps, { eventId: 'e3', change: 'INSERT', pk: 'BOOKING#BK1', sk: 'TRACK#1#p', image: { id: 'p', at: 1, lat: 1, lng: 2, status: 'ACCEPTED' } });
    expect(w.reads).toEqual(['BK1']);
    expect(['cL', 'cW', 'cF', 'cR', 'cA'].filter((c) => w.eventsTo(c).length)).toEqual(['cW', 'cR', 'cA']);
    expect(w.droppedFor('cL')).toHaveLength(1);
    expect(w.droppedFor('cF')).toHaveLength(1);

    const chat = world({ 'chat/BK1': [{ connectionId: 'cOld', uid: 'd1', role: 'driver' }, winner, rider] }, { customer: 'r1', driver: 'd3' });
    await fanOutChange(chat.deps, { eventId: 'e4', change: 'INSERT', pk: 'BOOKING#BK1', sk: 'CHAT#1#m', image: { id: 'm', message: 'private' } });
    expect(chat.eventsTo('cOld')).toEqual([]);
    expect(chat.eventsTo('cW')).toEqual(['chat/BK1']);
    expect(chat.droppedFor('cOld')).toEqual([{ type: 'unsubscribed', topic: 'chat/BK1', reason: 'forbidden' }]);
  });

  it('a subscription nobody can be named for is dropped; topics whose right is the subscriber\'s own cost no read', async () => {
    const w = world({ 'chat/BK1': [{ connectionId: 'cX' }], 'bookings/customer/r1': [rider] }, { customer: 'r1', driver: 'd3' });
    await fanOutChange(w.deps, { eventId: 'e5', change: 'INSERT', pk: 'BOOKING#BK1', sk: 'CHAT#1#m', image: { id: 'm' } });
    expect(w.droppedFor('cX')).toHaveLength(1);
    const lists = world({ 'bookings/customer/r1': [rider], 'bookings/all': [admin] }, undefined);
    await fanOutChange(lists.deps, { eventId: 'e6', change: 'INSERT', pk: 'BOOKING#BK2', sk: 'BOOKING', image: { customer: 'r1' } });
    expect(lists.reads).toEqual([]);
    expect(lists.eventsTo('cR')).toEqual(['bookings/customer/r1']);
  });
});
