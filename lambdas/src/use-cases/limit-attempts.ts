import { ATTEMPT_LIMITS, attemptWindow, attemptsLeft, type AttemptKind } from '../../../shared/src/domain/attempt-limits';
import { DomainError } from '../../../shared/src/domain/errors';
import type { ClientAddress } from '../ports/client-address';
import type { AttemptCounter } from '../ports/attempts';

export interface AttemptDeps { attempts: AttemptCounter; now: () => Date }

/** The one way every guessable thing is limited (shared/src/domain/attempt-limits.ts). */
export const attemptLimits = {
  /** Refuses with `code` (429) while the subject has no attempts left in its window. */
  async assertOpen(deps: AttemptDeps, kind: AttemptKind, subject: string, code: string): Promise<void> {
    const used = await deps.attempts.count(kind, subject, attemptWindow(kind, deps.now().getTime()));
    if (!attemptsLeft(kind, used)) throw locked(kind, code);
  },

  /** Counts a failed guess; answers whether the subject still has attempts left. */
  async fail(deps: AttemptDeps, kind: AttemptKind, subject: string): Promise<boolean> {
    return attemptsLeft(kind, await deps.attempts.add(kind, subject, attemptWindow(kind, deps.now().getTime())));
  },

  /** Counts an attempt of something limited whether it succeeds or not (an SMS, a lookup); refuses beyond the limit. */
  async take(deps: AttemptDeps, kind: AttemptKind, subject: string, code: string): Promise<void> {
    const used = await deps.attempts.add(kind, subject, attemptWindow(kind, deps.now().getTime()));
    if (used > ATTEMPT_LIMITS[kind].limit) throw locked(kind, code);
  },
};

/**
 * The public identity checks (does an account exist, is a referral id real) count every call per
 * viewer and per connecting address; beyond either limit they answer 429 `rate_limited`.
 */
export async function limitIdentityCheck(deps: AttemptDeps, client: ClientAddress): Promise<void> {
  await Promise.all([
    client.viewer ? attemptLimits.take(deps, 'identityViewer', client.viewer, 'rate_limited') : undefined,
    client.source ? attemptLimits.take(deps, 'identitySource', client.source, 'rate_limited') : undefined,
  ]);
}

function locked(kind: AttemptKind, code: string): DomainError {
  return new DomainError(code, 429, undefined, [{ path: kind, message: `try again within ${ATTEMPT_LIMITS[kind].windowSeconds} seconds` }]);
}
