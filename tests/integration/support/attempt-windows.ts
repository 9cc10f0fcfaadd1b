import { attemptWindow, type AttemptKind } from '../../../shared/src/domain/attempt-limits';

/**
 * Attempt counters live in windows aligned to multiples of their length, so attempts that
 * straddle a window's end start counting again (a guesser gets at most twice the limit). A test
 * that needs its attempts in one window starts in a fresh one when the current one ends within
 * `needMs`.
 */
export async function clearOfWindowEnd(kind: AttemptKind, needMs = 30_000): Promise<void> {
  const left = attemptWindow(kind, Date.now()).endMs - Date.now();
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 250));
}
