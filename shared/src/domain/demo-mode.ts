import { DomainError } from './errors';

/**
 * Spec §5 Demo mode: with AllowCriticalEditsAdmin off, edits and deletes the spec lists as
 * critical are refused with `demo_mode`, and contact details are hidden.
 */
export function assertCriticalEditsAllowed(settings: { AllowCriticalEditsAdmin: boolean }): void {
  if (!settings.AllowCriticalEditsAdmin) throw new DomainError('demo_mode', 403);
}

/**
 * Spec §6: contact details read 'Hidden' or 'Hidden for Demo' in demo mode. A user's own contact
 * details in the users tables and pickers say 'Hidden for Demo'; the copies a booking carries of
 * its rider's and driver's contact say 'Hidden'.
 */
export const HIDDEN_FOR_DEMO = 'Hidden for Demo';
export const HIDDEN = 'Hidden';
/** The masks the server writes in place of a contact detail, and their interface text keys. */
export const HIDDEN_TEXT_KEYS: Readonly<Record<string, 'hidden_for_demo' | 'hidden'>> = { [HIDDEN_FOR_DEMO]: 'hidden_for_demo', [HIDDEN]: 'hidden' };

/** Rider and driver contact details as an admin sees them in demo mode. */
export function maskContact<T extends { email: string; mobile: string; usertype: string }>(user: T, criticalEdits: boolean): T {
  if (criticalEdits || (user.usertype !== 'rider' && user.usertype !== 'driver')) return user;
  return { ...user, email: HIDDEN_FOR_DEMO, mobile: HIDDEN_FOR_DEMO };
}
