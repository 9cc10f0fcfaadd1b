import type { AttemptCounter } from '../../ports/attempts';
import { keys } from './keys';
import { table } from './repository';

/**
 * One item per subject and window, `ADD`ed to (so concurrent guesses all count) and removed by TTL
 * when the window is over.
 */
export const attemptRepository: AttemptCounter = {
  async count(kind, subject, window) {
    const item = await table.get<{ attempts?: number }>(keys.attempts(kind, subject, window.startMs), { consistent: true });
    return Number(item?.attempts ?? 0);
  },

  async add(kind, subject, window) {
    const item = await table.update<{ attempts: number }>(keys.attempts(kind, subject, window.startMs), {
      expression: 'ADD attempts :one SET windowEndsAt = :end, expiresAt = :ttl',
      values: { ':one': 1, ':end': window.endMs, ':ttl': Math.ceil(window.endMs / 1000) + 60 },
    });
    return Number(item.attempts);
  },
};
