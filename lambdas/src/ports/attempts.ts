import type { AttemptKind } from '../../../shared/src/domain/attempt-limits';

/** Attempt counters per (kind, subject) and window (see shared/src/domain/attempt-limits.ts). */
export interface AttemptCounter {
  /** Attempts counted in the window that starts at `windowStartMs` (0 when none). */
  count(kind: AttemptKind, subject: string, window: { startMs: number; endMs: number }): Promise<number>;
  /** Counts one more, atomically; answers the window's count including it. */
  add(kind: AttemptKind, subject: string, window: { startMs: number; endMs: number }): Promise<number>;
}
