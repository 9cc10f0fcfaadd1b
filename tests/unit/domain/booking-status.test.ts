import { describe, expect, it } from 'vitest';
import {
  ACTIVE_STATUSES, assertTransition, BOOKING_STATUSES, canAssignDriver, canCancel, canPayNow, canTransition,
  countsForDistance, DISTANCE_COUNTING_STATUSES, initialStatus, isActive, isBookingStatus, isTerminal, isTracked,
  nextStatuses, TRACKED_STATUSES, TRANSITIONS, type Actor, type BookingStatus,
} from '../../../shared/src/domain/booking-status';
import { DomainError } from '../../../shared/src/domain/errors';

const ACTORS: Actor[] = ['rider', 'driver', 'fleetadmin', 'admin', 'system'];

describe('§4 booking statuses', () => {
  it('has the ten statuses', () => {
    expect(BOOKING_STATUSES).toEqual([
      'PAYMENT_PENDING', 'NEW', 'ACCEPTED', 'ARRIVED', 'STARTED', 'REACHED', 'PENDING', 'PAID', 'COMPLETE', 'CANCELLED',
    ]);
    expect(isBookingStatus('NEW')).toBe(true);
    expect(isBookingStatus('new')).toBe(false);
  });

  it.each([
    ['taxi', false, 'NEW'],
    ['taxi', true, 'NEW'],
    ['delivery', true, 'NEW'],
    ['delivery', false, 'PAYMENT_PENDING'],
  ] as const)('created in %s by admin=%s → %s', (appCategory, createdByAdmin, status) => {
    expect(initialStatus({ appCategory, createdByAdmin })).toBe(status);
  });

  it('active, tracked and distance-counting sets', () => {
    expect([...ACTIVE_STATUSES].sort()).toEqual(['ACCEPTED', 'ARRIVED', 'NEW', 'PAID', 'PAYMENT_PENDING', 'PENDING', 'REACHED', 'STARTED']);
    expect([...TRACKED_STATUSES].sort()).toEqual(['ACCEPTED', 'ARRIVED', 'STARTED']);
    expect([...DISTANCE_COUNTING_STATUSES].sort()).toEqual(['REACHED', 'STARTED']);
    expect(isActive('COMPLETE')).toBe(false);
    expect(isActive('CANCELLED')).toBe(false);
    expect(isTracked('REACHED')).toBe(false);
    expect(countsForDistance('STARTED')).toBe(true);
    expect(isTerminal('COMPLETE') && isTerminal('CANCELLED')).toBe(true);
  });
});

describe('§4 transition table', () => {
  // Every allowed (from, to, actor); everything else must be refused.
  const allowed: Array<[BookingStatus, BookingStatus, Actor]> = [
    ['PAYMENT_PENDING', 'NEW', 'system'],
    ['PAYMENT_PENDING', 'CANCELLED', 'rider'],
    ['PAYMENT_PENDING', 'CANCELLED', 'admin'],
    ['NEW', 'ACCEPTED', 'driver'],
    ['NEW', 'CANCELLED', 'rider'],
    ['NEW', 'CANCELLED', 'admin'],
    ['ACCEPTED', 'ARRIVED', 'driver'],
    ['ACCEPTED', 'CANCELLED', 'rider'],
    ['ACCEPTED', 'CANCELLED', 'admin'],
    ['ACCEPTED', 'NEW', 'driver'],
    ['ARRIVED', 'NEW', 'driver'],
    ['ARRIVED', 'CANCELLED', 'rider'],
    ['ARRIVED', 'CANCELLED', 'admin'],
    ['ARRIVED', 'STARTED', 'driver'],
    ['STARTED', 'REACHED', 'driver'],
    ['REACHED', 'PENDING', 'driver'],
    ['REACHED', 'PAID', 'driver'],
    ['REACHED', 'PAID', 'rider'],
    ['REACHED', 'PAID', 'system'],
    ['PENDING', 'PAID', 'rider'],
    ['PENDING', 'PAID', 'system'],
    ['PAID', 'COMPLETE', 'rider'],
    ['PAID', 'COMPLETE', 'system'],
  ];
  const key = (f: string, t: string, a: string) => `${f}>${t}>${a}`;
  const allowedSet = new Set(allowed.map(([f, t, a]) => key(f, t, a)));

  it('matches the documented table exactly', () => {
    for (const from of BOOKING_STATUSES) {
      for (const to of BOOKING_STATUSES) {
        for (const actor of ACTORS) {
          expect(canTransition(from, to, actor), key(from, to, actor)).toBe(allowedSet.has(key(from, to, actor)));
        }
      }
    }
    expect(TRANSITIONS.every((t) => t.note.length > 0)).toBe(true);
  });

  it.each([
    ['fleetadmin makes no moves', 'fleetadmin'],
  ] as const)('%s', (_n, actor) => {
    for (const s of BOOKING_STATUSES) expect(nextStatuses(s, actor)).toEqual([]);
  });

  it('nothing leaves a terminal status', () => {
    for (const actor of ACTORS) {
      expect(nextStatuses('COMPLETE', actor)).toEqual([]);
      expect(nextStatuses('CANCELLED', actor)).toEqual([]);
    }
  });

  it('a driver cannot cancel, a rider cannot complete an unpaid trip, and the admin table keeps §4\'s cancel rule', () => {
    expect(canTransition('ACCEPTED', 'CANCELLED', 'driver')).toBe(false);
    expect(canTransition('REACHED', 'COMPLETE', 'rider')).toBe(false);
    expect(canTransition('ARRIVED', 'CANCELLED', 'admin')).toBe(true);
    expect(canCancel('ARRIVED', 'admin')).toBe(false);
  });

  it('assertTransition: 409 for no such move, 403 for the wrong actor', () => {
    expect(() => assertTransition('NEW', 'ACCEPTED', 'driver')).not.toThrow();
    const conflictErr = (() => { try { assertTransition('NEW', 'PAID', 'driver'); } catch (e) { return e; } })();
    expect(conflictErr).toBeInstanceOf(DomainError);
    expect((conflictErr as DomainError).status).toBe(409);
    const forbiddenErr = (() => { try { assertTransition('NEW', 'ACCEPTED', 'rider'); } catch (e) { return e; } })();
    expect((forbiddenErr as DomainError).status).toBe(403);
    expect((forbiddenErr as DomainError).code).toBe('forbidden');
  });
});

describe('§4 admin row actions', () => {
  it.each(BOOKING_STATUSES.map((s) => [s, ['NEW', 'ACCEPTED', 'PAYMENT_PENDING'].includes(s)] as const))(
    'cancel in %s enabled=%s (admin and rider only)',
    (status, enabled) => {
      expect(canCancel(status, 'admin')).toBe(enabled);
      expect(canCancel(status, 'rider')).toBe(enabled);
      expect(canCancel(status, 'driver')).toBe(false);
      expect(canCancel(status, 'fleetadmin')).toBe(false);
    },
  );

  it('rider cancel and pay need critical edits; admin cancel does not', () => {
    expect(canCancel('NEW', 'rider', false)).toBe(false);
    expect(canCancel('NEW', 'admin', false)).toBe(true);
    expect(canPayNow('PENDING', 'rider', false)).toBe(false);
  });

  it('assign driver: NEW, admin, auto-dispatch off', () => {
    expect(canAssignDriver('NEW', 'admin', false)).toBe(true);
    expect(canAssignDriver('NEW', 'admin', true)).toBe(false);
    expect(canAssignDriver('NEW', 'fleetadmin', false)).toBe(false);
    expect(canAssignDriver('ACCEPTED', 'admin', false)).toBe(false);
  });

  it('pay now: PENDING, rider', () => {
    expect(canPayNow('PENDING', 'rider')).toBe(true);
    expect(canPayNow('PENDING', 'admin')).toBe(false);
    expect(canPayNow('REACHED', 'rider')).toBe(false);
  });
});
