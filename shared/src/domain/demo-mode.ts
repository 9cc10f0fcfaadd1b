import { DomainError } from './errors';

/**
 * Spec §5 Demo mode: with AllowCriticalEditsAdmin off, edits and deletes the spec lists as
 * critical are refused with `demo_mode`, and contact details are hidden.
 */
export function assertCriticalEditsAllowed(settings: { AllowCriticalEditsAdmin: boolean }): void {
  if (!settings.AllowCriticalEditsAdmin) throw new DomainError('demo_mode', 403);
}

export const HIDDEN_FOR_DEMO = 'Hidden for Demo';

/** Rider and driver contact details as an admin sees them in demo mode. */
export function maskContact<T extends { email: string; mobile: string; usertype: string }>(user: T, criticalEdits: boolean): T {
  if (criticalEdits || (user.usertype !== 'rider' && user.usertype !== 'driver')) return user;
  return { ...user, email: HIDDEN_FOR_DEMO, mobile: HIDDEN_FOR_DEMO };
}
