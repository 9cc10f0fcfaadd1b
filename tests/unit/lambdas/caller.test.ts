import { describe, expect, it } from 'vitest';
import { callerFromClaims, parseGroups } from '../../../lambdas/src/middleware/caller';

describe('caller from Cognito claims (architecture §6: roles are groups)', () => {
  it.each([
    ['admin', ['admin']],
    ['[admin rider]', ['admin', 'rider']],
    ['admin,rider', ['admin', 'rider']],
    [['driver'], ['driver']],
    ['superuser', []],
    [undefined, []],
  ])('parses groups %j', (raw, expected) => {
    expect(parseGroups(raw)).toEqual(expected);
  });

  it('takes the strongest group and ignores user-writable attributes', () => {
    const caller = callerFromClaims({ sub: 'u1', 'cognito:groups': 'rider,admin', 'custom:usertype': 'rider', usertype: 'rider' });
    expect(caller?.role).toBe('admin');
  });

  it('is nobody without a sub or a known group', () => {
    expect(callerFromClaims({ 'cognito:groups': 'admin' })).toBeUndefined();
    expect(callerFromClaims({ sub: 'u1', 'custom:usertype': 'admin' })).toBeUndefined();
    expect(callerFromClaims(undefined)).toBeUndefined();
  });
});
