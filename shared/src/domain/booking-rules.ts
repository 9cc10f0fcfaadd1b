import type { Role } from '../contract/route';
import { validateBookLaterDate } from './time';
import { fail, firstFailure, OK, type ValidationResult } from './validation-result';

export interface BookingFormInput {
  /** Role of the signed-in user; null/undefined when signed out. */
  role: Role | null | undefined;
  /** 'rider' for the landing page form, 'admin' for /addbookings. */
  channel: 'rider' | 'admin';
  pickup: unknown;
  drop: unknown;
  carType: string | null | undefined;
  /** Required on the admin channel: the rider the booking is for. */
  riderId?: string | null;
  bookLater: boolean;
  tripdate?: number | Date | string | null;
}

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * Spec §5 booking checks before any route lookup, in the order the form reports them:
 * must_login, then role (rider on the site, admin on /addbookings) → user_issue_contact_admin,
 * then pickup/drop/car type (and rider for admin) → select_proper, then the Book Later date.
 */
export function validateBookingForm(input: BookingFormInput, now: number = Date.now()): ValidationResult {
  return firstFailure(
    () => (input.role ? OK : fail('must_login')),
    () => (input.role === input.channel ? OK : fail('user_issue_contact_admin')),
    () => (present(input.pickup) ? OK : fail('select_proper', 'pickup')),
    () => (present(input.drop) ? OK : fail('select_proper', 'drop')),
    () => (present(input.carType) ? OK : fail('select_proper', 'carType')),
    () => (input.channel === 'admin' && !present(input.riderId) ? fail('select_proper', 'riderId') : OK),
    () => (input.bookLater ? validateBookLaterDate(input.tripdate, now) : OK),
  );
}
