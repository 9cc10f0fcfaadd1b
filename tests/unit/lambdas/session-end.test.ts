import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../shared/src/domain/errors';
import { claimSeconds, signedInBeforeSessionsEnded } from '../../../shared/src/domain/session-end';
import { callerFromClaims } from '../../../lambdas/src/middleware/caller';
import { admitCaller } from '../../../lambdas/src/use-cases/admit-caller';
import { accessRevoked } from '../../../lambdas/src/use-cases/close-revoked-connections';
import type { ProfileItem } from '../../../lambdas/src/ports/users';
import type { AppSettings } from '../../../lambdas/src/ports/settings';

describe('ended sessions (issue 19 item 7)', () => {
  it('refuses a sign-in from an earlier second, keeps one from the same second or later', () => {
    const endedMs = Date.UTC(2026, 0, 1, 12, 0, 0, 700);
    const second = Math.floor(endedMs / 1000);
    expect(signedInBeforeSessionsEnded(second - 1, endedMs)).toBe(true);
    // A sign-in right after the sign-out, in the same second, keeps working.
    expect(signedInBeforeSessionsEnded(second, endedMs)).toBe(false);
    expect(signedInBeforeSessionsEnded(second + 1, endedMs)).toBe(false);
  });

  it('reads time claims as tokens carry them and as API Gateway\'s Cognito authorizer passes them on', () => {
    expect(claimSeconds(1613489340)).toBe(1613489340);
    expect(claimSeconds('1613489340')).toBe(1613489340);
    expect(claimSeconds('Tue Feb 16 15:29:00 UTC 2021')).toBe(1613489340);
    expect(claimSeconds('')).toBeUndefined();
    expect(claimSeconds('soon')).toBeUndefined();
    expect(claimSeconds(undefined)).toBeUndefined();
  });

  it('takes the session\'s sign-in time from auth_time (kept by refreshes), else iat', () => {
    expect(callerFromClaims({ sub: 'u', 'cognito:groups': 'rider', auth_time: '100', iat: 'Tue Feb 16 15:29:00 UTC 2021' })?.signedInAt).toBe(100);
    expect(callerFromClaims({ sub: 'u', 'cognito:groups': 'rider', iat: 'Tue Feb 16 15:29:00 UTC 2021' })?.signedInAt).toBe(1613489340);
    expect(callerFromClaims({ sub: 'u', 'cognito:groups': 'rider' })?.signedInAt).toBeUndefined();
  });

  const profile = { id: 'u', usertype: 'rider', approved: true, loginType: 'email' } as ProfileItem;
  const admit = (p: Partial<ProfileItem>, signedInAt: number | undefined) =>
    admitCaller({ loadRequestContext: async () => ({ profile: { ...profile, ...p } as ProfileItem, settings: {} as AppSettings, extra: [] }) },
      { uid: 'u', role: 'rider', emailVerified: true, signedInAt });

  it('admission answers 401 session_ended for a token from before the end, and admits a newer one', async () => {
    const endedMs = 1_000_000_500;
    const refused = await admit({ tokensValidAfter: endedMs }, 999_999).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect({ status: (refused as DomainError).status, code: (refused as DomainError).code }).toEqual({ status: 401, code: 'session_ended' });
    await expect(admit({ tokensValidAfter: endedMs }, 1_000_000)).resolves.toBeDefined();
    // No end recorded: nothing to compare.
    await expect(admit({}, 1)).resolves.toBeDefined();
    // A token that cannot say when it signed in cannot show it came after.
    await expect(admit({ tokensValidAfter: endedMs }, undefined)).rejects.toMatchObject({ code: 'session_ended' });
  });

  it('a new end of sessions closes the user\'s sockets; other edits do not', () => {
    const before = { usertype: 'rider', approved: true, tokensValidAfter: 5 };
    expect(accessRevoked('MODIFY', { usertype: 'rider', approved: true }, before)).toBe(true);
    expect(accessRevoked('MODIFY', before, { ...before, tokensValidAfter: 9 })).toBe(true);
    expect(accessRevoked('MODIFY', before, { ...before, firstName: 'New' })).toBe(false);
  });
});
