import type { BookingStatus } from './booking-status';

/**
 * SOS: the rider or the driver of a trip in progress asks for help. Admins see the alert live,
 * acknowledge it (someone is on it) and close it (with what was done); every step is kept, with
 * who and when, on the alert itself. The person's emergency contact is texted a link to follow
 * the trip.
 */
export const SOS_STATUSES = ['open', 'acknowledged', 'closed'] as const;
export type SosStatus = (typeof SOS_STATUSES)[number];

/** From a driver's acceptance until the drop: the people are together, or on their way to be. */
export const SOS_TRIP_STATUSES: readonly BookingStatus[] = ['ACCEPTED', 'ARRIVED', 'STARTED'];

export const sosAllowed = (status: BookingStatus) => SOS_TRIP_STATUSES.includes(status);

export type SosAction = 'raised' | 'acknowledged' | 'closed';

export interface SosAuditEntry {
  action: SosAction;
  at: number;
  by: string;
  byName: string;
  note?: string;
}

/** What each admin action needs the alert to be in, and what it makes it. */
const NEXT: Readonly<Record<Exclude<SosAction, 'raised'>, { from: readonly SosStatus[]; to: SosStatus }>> = {
  acknowledged: { from: ['open'], to: 'acknowledged' },
  closed: { from: ['open', 'acknowledged'], to: 'closed' },
};

/** The status an admin's action moves an alert to, or undefined when the alert is past it. */
export function sosNext(current: SosStatus, action: Exclude<SosAction, 'raised'>): SosStatus | undefined {
  const rule = NEXT[action];
  return rule.from.includes(current) ? rule.to : undefined;
}

/** An alert still needs someone: open or acknowledged. */
export const sosActive = (status: SosStatus) => status !== 'closed';

/** The longest note a person writes on an alert (what happened, what was done). */
export const SOS_NOTE_MAX = 500;
