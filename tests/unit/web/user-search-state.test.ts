import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../shared/src/contract';
import { initialUserSearch, shownUserSearch, userSearchReducer, type UserSearchAction } from '../../../web/src/components/user-picker/user-search-state';

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

describe('what the user type-ahead shows while a typed text waits for its search', () => {
  const newest = () => run({ type: 'request', id: 1, text: '' }, { type: 'page', id: 1, items: [user('rita'), user('zoe')], next: 'k' });

  it('a key typed drops the users listed for the previous text at once, before the search goes out', () => {
    const shown = shownUserSearch(userSearchReducer(newest(), { type: 'typed', text: 'zoe' }));
    expect(shown.items).toEqual([]);
    expect(shown.status).toBe('loading');
    expect(shown.next).toBeUndefined();
  });

  it('the answer to the typed text is shown; typing back to the answered text shows it again', () => {
    const answered = run(
      { type: 'request', id: 1, text: '' },
      { type: 'page', id: 1, items: [user('rita'), user('zoe')] },
      { type: 'typed', text: 'zoe' },
      { type: 'request', id: 2, text: 'zoe' },
      { type: 'page', id: 2, items: [user('zoe')] },
    );
    expect(shownUserSearch(answered).items.map((u) => u.id)).toEqual(['zoe']);
    expect(shownUserSearch(answered).status).toBe('finished');
    const back = userSearchReducer(userSearchReducer(answered, { type: 'typed', text: 'zoe p' }), { type: 'typed', text: 'zoe ' });
    expect(shownUserSearch(back).items.map((u) => u.id)).toEqual(['zoe']);
  });

  it('a next page keeps the typed text: the list grows under the same box', () => {
    const s = userSearchReducer(newest(), { type: 'request', id: 2, text: '', cursor: 'k' });
    expect(shownUserSearch(s).items.map((u) => u.id)).toEqual(['rita', 'zoe']);
  });
});
