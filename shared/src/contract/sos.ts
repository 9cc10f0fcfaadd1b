import * as z from './zod';
import { SOS_NOTE_MAX, SOS_STATUSES } from '../domain/sos';
import { BookingIdParams } from './booking-view';
import { cleanText, Id, LatLng } from './common';
import { route } from './route';

/**
 * SOS during a trip: the rider or the driver raises it; admins follow alerts live (topic `sos`),
 * acknowledge and close them, and each step is kept on the alert with who and when. A fleet admin
 * does the same for the alerts of its own drivers' trips (topic `sos/fleet/<uid>`). The raiser's
 * emergency contact (their profile) is texted a link that follows the trip.
 */

const SosAuditEntry = z.object({
  action: z.enum(['raised', 'acknowledged', 'closed']),
  at: z.number(),
  by: z.string(),
  byName: z.string(),
  note: z.optional(z.string()),
});

export const SosAlert = z.object({
  id: Id,
  bookingId: Id,
  /** The booking's reference as people read it. */
  bookingRef: z.string(),
  status: z.enum(SOS_STATUSES),
  at: z.number(),
  raisedBy: z.object({ uid: z.string(), role: z.enum(['rider', 'driver']), name: z.string(), mobile: z.string() }),
  /** Where the raiser's device was, when it could tell. */
  position: z.optional(z.object({ lat: LatLng.shape.lat, lng: LatLng.shape.lng })),
  tripStatus: z.string(),
  pickupAddress: z.string(),
  dropAddress: z.string(),
  riderName: z.string(),
  driverName: z.optional(z.string()),
  vehicleNumber: z.optional(z.string()),
  /** When the raiser's emergency contact was texted the trip's link (absent: no contact, or not yet). */
  contactTextedAt: z.optional(z.number()),
  audit: z.array(SosAuditEntry),
});
export type SosAlert = z.infer<typeof SosAlert>;

const note = cleanText(SOS_NOTE_MAX, { multiline: true });

export const raiseSos = route({
  method: 'POST', path: '/bookings/{id}/sos', operationId: 'raiseSos', area: 'sos', auth: ['rider', 'driver'],
  summary: 'The rider or the driver of a trip in progress (ACCEPTED, ARRIVED, STARTED) asks for help: admins are alerted live and the raiser\'s emergency contact is texted the trip\'s link. While an alert of the trip is open, raising again answers that alert. 409 sos_trip_not_active otherwise',
  params: BookingIdParams,
  body: z.strictObject({ position: z.optional(LatLng), note: z.optional(note) }),
  status: 201,
  response: SosAlert,
});

export const fetchSosAlerts = route({
  method: 'GET', path: '/sos-alerts', operationId: 'fetchSosAlerts', area: 'sos', auth: ['admin', 'fleetadmin'],
  summary: 'SOS alerts, newest first (the latest 100): the active ones (open or acknowledged) by default, or all. A fleet admin gets those raised on its own drivers\' trips',
  query: z.object({ state: z._default(z.enum(['active', 'all']), 'active') }),
  response: z.object({ items: z.array(SosAlert) }),
});

const SosAlertParams = z.object({ id: Id });

export const acknowledgeSosAlert = route({
  method: 'POST', path: '/sos-alerts/{id}/acknowledge', operationId: 'acknowledgeSosAlert', area: 'sos', auth: ['admin', 'fleetadmin'],
  summary: 'An admin, or the fleet admin of the trip\'s driver, takes an open alert on (kept in its audit trail with who and when); 404 sos_alert_not_found (also for another fleet\'s alert), 409 sos_alert_moved_on when it is no longer open',
  params: SosAlertParams,
  body: z.strictObject({ note: z.optional(note) }),
  response: SosAlert,
});

export const closeSosAlert = route({
  method: 'POST', path: '/sos-alerts/{id}/close', operationId: 'closeSosAlert', area: 'sos', auth: ['admin', 'fleetadmin'],
  summary: 'An admin, or the fleet admin of the trip\'s driver, closes an alert with what was done (required); 404 sos_alert_not_found (also for another fleet\'s alert), 409 sos_alert_moved_on when it is already closed',
  params: SosAlertParams,
  body: z.strictObject({ note: cleanText(SOS_NOTE_MAX, { multiline: true, required: true }) }),
  response: SosAlert,
});

export const EmergencyContact = z.strictObject({
  name: cleanText(60, { required: true }),
  /** As its owner knows it; a number without a country code is read in the owner's own country. */
  phone: z.string().check(z.minLength(1), z.maxLength(40)),
});

export const setEmergencyContact = route({
  method: 'PUT', path: '/me/emergency-contact', operationId: 'setEmergencyContact', area: 'users', auth: ['rider', 'driver'],
  summary: 'The person texted when this user raises an SOS; 400 emergency_contact_phone_invalid when no SMS could reach the phone',
  body: EmergencyContact,
  response: z.object({ name: z.string(), phone: z.string() }),
});

export const clearEmergencyContact = route({
  method: 'DELETE', path: '/me/emergency-contact', operationId: 'clearEmergencyContact', area: 'users', auth: ['rider', 'driver'],
  summary: 'No emergency contact any more (an SOS then alerts admins only)',
  response: z.object({ cleared: z.literal(true) }),
});
