/**
 * Ending a user's sessions (sign-out, a password reset, an admin taking approval away) records the
 * moment on the profile as `tokensValidAfter` (epoch milliseconds). ID tokens are stateless and
 * stay valid at the gateway until they expire, so every admission compares the token's sign-in
 * time with it.
 *
 * Token times are whole seconds. A token signed in during the very second the sessions ended is
 * kept: otherwise a sign-in right after a sign-out (same second) would be refused. The cost is at
 * most one second of tokens that outlive the end.
 */
export function signedInBeforeSessionsEnded(signedInAtSeconds: number, tokensValidAfterMs: number): boolean {
  return signedInAtSeconds < Math.floor(tokensValidAfterMs / 1000);
}

/**
 * A JWT time claim as a token carries it (a number) or as API Gateway's Cognito authorizer passes
 * it on (a numeric string for `auth_time`; a date such as "Tue Feb 16 15:29:00 UTC 2021" for `iat`).
 */
export function claimSeconds(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? Math.floor(raw) : undefined;
  if (typeof raw !== 'string' || !raw.trim()) return undefined;
  const text = raw.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.floor(Number(text));
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}
