/**
 * Guessing is limited, as one mechanism: a counter per (kind, subject) in a fixed window. Once a
 * subject has used its attempts, it is locked until its window ends, even for a right answer
 * (otherwise the lock would only slow a guesser down, never stop one).
 *
 * Why these numbers:
 * - otpSend: each SMS costs money and can be pumped to premium numbers. A person needs one code per
 *   sign-in and perhaps a resend or two: 5 an hour per phone is plenty and caps a pump at 5 SMS.
 * - otpCode: 6 digits, three tries per Cognito session. 10 wrong codes an hour per phone, across
 *   sessions, keep a guesser's chance at about 1 in 100,000 an hour.
 * - tripCode: 5 digits read aloud by the rider. 5 wrong codes in 15 minutes lock that booking's
 *   code (about 1 in 20,000 per window); the rider can read it again after the pause.
 * - deliveryCode: 6 digits texted to a parcel's recipient, typed by the driver at the door. 5 wrong
 *   codes an hour lock that booking's code (about 1 in 180,000 per window); a driver who cannot get
 *   the code records the photo and who took the parcel instead, or a failed delivery.
 * - identityViewer / identitySource: the public checks (does this e-mail or mobile exist, is this
 *   referral id real) serve a registration form, which needs a handful per visit. 20 per 10
 *   minutes per viewer stops enumeration. The viewer is the first X-Forwarded-For address (as the
 *   WAF's per-viewer rule counts), which a caller can forge; the connecting address is counted as
 *   well, at 10 times the limit, because a CloudFront edge address carries many viewers.
 * - Password sign-in is not here: Cognito locks a user itself after 5 wrong passwords (and the
 *   local cloud's identity service does the same).
 */
export interface AttemptLimit { limit: number; windowSeconds: number }

export const ATTEMPT_LIMITS = {
  otpSend: { limit: 5, windowSeconds: 3600 },
  otpCode: { limit: 10, windowSeconds: 3600 },
  tripCode: { limit: 5, windowSeconds: 900 },
  deliveryCode: { limit: 5, windowSeconds: 3600 },
  identityViewer: { limit: 20, windowSeconds: 600 },
  identitySource: { limit: 200, windowSeconds: 600 },
} as const satisfies Record<string, AttemptLimit>;

export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

/**
 * The window `nowMs` falls in. Windows are aligned to multiples of their length, so every counter
 * of a window is one item and an `ADD` never needs a read first; a guesser straddling two windows
 * gets at most twice the limit.
 */
export function attemptWindow(kind: AttemptKind, nowMs: number): { startMs: number; endMs: number } {
  const length = ATTEMPT_LIMITS[kind].windowSeconds * 1000;
  const startMs = Math.floor(nowMs / length) * length;
  return { startMs, endMs: startMs + length };
}

/** Whether a subject that has used `attempts` in the current window may try again. */
export function attemptsLeft(kind: AttemptKind, attempts: number): boolean {
  return attempts < ATTEMPT_LIMITS[kind].limit;
}
