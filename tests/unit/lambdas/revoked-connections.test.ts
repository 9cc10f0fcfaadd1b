import { describe, expect, it } from 'vitest';
import { accessRevoked, closeRevokedConnections } from '../../../lambdas/src/use-cases/close-revoked-connections';

describe('accessRevoked', () => {
  const driver = { usertype: 'driver', approved: true };
  it('is true for a deleted profile, a new group and a lost approval', () => {
    expect(accessRevoked('REMOVE', driver, undefined)).toBe(true);
    expect(accessRevoked('MODIFY', driver, { ...driver, usertype: 'rider' })).toBe(true);
    expect(accessRevoked('MODIFY', driver, { ...driver, approved: false })).toBe(true);
    expect(accessRevoked('MODIFY', driver, { usertype: 'driver' })).toBe(true);
  });
  it('is false for a new profile, other edits and a granted approval', () => {
    expect(accessRevoked('INSERT', undefined, driver)).toBe(false);
    expect(accessRevoked('MODIFY', driver, { ...driver, firstName: 'New' })).toBe(false);
    expect(accessRevoked('MODIFY', { ...driver, approved: false }, driver)).toBe(false);
    expect(accessRevoked('MODIFY', { ...driver, approved: false }, { ...driver, approved: false })).toBe(false);
  });
});

describe('closeRevokedConnections', () => {
  it('forgets each connection before closing it, and closes every one', async () => {
    const calls: string[] = [];
    const closed = await closeRevokedConnections({
      connectionsOf: async () => ['a', 'b'],
      forget: async (id) => { calls.push(`forget ${id}`); },
      close: async (id) => { calls.push(`close ${id}`); },
    }, 'u1');
    expect(closed).toBe(2);
    for (const id of ['a', 'b']) expect(calls.indexOf(`forget ${id}`)).toBeLessThan(calls.indexOf(`close ${id}`));
  });
  it('does nothing for a user with no connection', async () => {
    expect(await closeRevokedConnections({ connectionsOf: async () => [], forget: async () => { throw new Error('no'); }, close: async () => { throw new Error('no'); } }, 'u1')).toBe(0);
  });
});
