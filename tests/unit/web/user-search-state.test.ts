import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../shared/src/contract';
import { initialUserSearch, userSearchReducer, type UserSearchAction } from '../../../web/src/components/user-picker/user-search-state';

const user = (id: string) => ({ id, firstName: id, lastName: 'X' }) as UserProfile;
const run = (...actions: UserSearchAction[]) => actions.reduce(userSearchReducer, initialUserSearch);

describe('the user type-ahead state', () => {
  it('a next page is added to the shown users; a page with more says so (pending), the last finishes', () => {
    const s = run(
      { type: 'request', id: 1, text: '' },
      { type: 'page', id: 1, items: [user('a'), user('b')], next: 'c1' },
    );
    expect(s.status).toBe('pending');
    const more = run(
      { type: 'request', id: 1, text: '' },
      { type: 'page', id: 1, items: [user('a'), user('b')], next: 'c1' },
      { type: 'request', id: 2, text: '', cursor: 'c1' },
      { type: 'page', id: 2, items: [user('b'), user('c')] },
    );
    expect(more.items.map((u) => u.id)).toEqual(['a', 'b', 'c']);
    expect(more.status).toBe('finished');
    expect(more.next).toBeUndefined();
  });

  it('an older search answering last is dropped: typing "an" then "ann" shows the answer to "ann"', () => {
    const s = run(
      { type: 'request', id: 1, text: 'an' },
      { type: 'request', id: 2, text: 'ann' },
      { type: 'page', id: 2, items: [user('ann')] },
      { type: 'page', id: 1, items: [user('andy'), user('ann')] },
      { type: 'failed', id: 1, error: new Error('late') },
    );
    expect(s.text).toBe('ann');
    expect(s.items.map((u) => u.id)).toEqual(['ann']);
    expect(s.status).toBe('finished');
  });

  it('a new search empties the list at once; reading the same search again keeps it until the answer', () => {
    const shown = run({ type: 'request', id: 1, text: 'a' }, { type: 'page', id: 1, items: [user('a')] });
    expect(userSearchReducer(shown, { type: 'request', id: 2, text: 'b' }).items).toEqual([]);
    expect(userSearchReducer(shown, { type: 'request', id: 2, text: ' a ' }).items.map((u) => u.id)).toEqual(['a']);
  });

  it('a failed page is an error that a retry repeats with the same text and cursor', () => {
    const s = run(
      { type: 'request', id: 1, text: 'x' },
      { type: 'page', id: 1, items: [user('x1')], next: 'k' },
      { type: 'request', id: 2, text: 'x', cursor: 'k' },
      { type: 'failed', id: 2, error: new Error('network') },
    );
    expect(s.status).toBe('error');
    expect(s.request).toMatchObject({ text: 'x', cursor: 'k' });
    expect(s.items.map((u) => u.id)).toEqual(['x1']);
  });
});
