import type { UserProfile } from '../../../../shared/src/contract';

/**
 * The state of a type-ahead over one user type. Each request has an id; an answer to any request
 * but the latest is dropped, so "an" answering after "ann" never replaces the newer results.
 */
export interface UserSearchState {
  /**
   * The text in the filter box as typed (trimmed). The search is sent only once typing pauses, so
   * for that moment the items still answer an older text and must not be shown under the new one.
   */
  typed: string;
  /** The text the items answer or are being read for (trimmed; '' lists newest first). */
  text: string;
  items: UserProfile[];
  /** The cursor of the next page, when there is one (the list then says it has more). */
  next?: string;
  /** The request in flight or last answered: its id, text and cursor (a retry repeats it). */
  request: { id: number; text: string; cursor?: string };
  status: 'loading' | 'pending' | 'finished' | 'error';
  error?: unknown;
}

export type UserSearchAction =
  | { type: 'typed'; text: string }
  | { type: 'request'; id: number; text: string; cursor?: string }
  | { type: 'page'; id: number; items: UserProfile[]; next?: string }
  | { type: 'failed'; id: number; error: unknown };

export const initialUserSearch: UserSearchState = { typed: '', text: '', items: [], request: { id: 0, text: '' }, status: 'loading' };

export function userSearchReducer(state: UserSearchState, action: UserSearchAction): UserSearchState {
  switch (action.type) {
    case 'typed':
      return { ...state, typed: action.text.trim() };
    case 'request': {
      const text = action.text.trim();
      // A new search empties the list at once (old matches would mislead); a next page keeps it.
      const items = action.cursor || text === state.text ? state.items : [];
      // A first page is asked for the text in the box; a next page leaves the box as it is.
      const typed = action.cursor ? state.typed : text;
      return { ...state, typed, text, items, request: { id: action.id, text, cursor: action.cursor }, status: 'loading', error: undefined };
    }
    case 'page': {
      if (action.id !== state.request.id) return state;
      const items = state.request.cursor ? [...state.items, ...action.items.filter((u) => !state.items.some((s) => s.id === u.id))] : action.items;
      return { ...state, items, next: action.next, status: action.next ? 'pending' : 'finished' };
    }
    case 'failed':
      if (action.id !== state.request.id) return state;
      return { ...state, status: 'error', error: action.error };
  }
}

/**
 * What the list shows: the items only while they answer the text in the box. Between a key and the
 * search it starts, the box reads e.g. "zoe" while the items still answer "" (every newest rider);
 * the list then says it is loading rather than offer riders the typed text does not match.
 */
export function shownUserSearch(state: UserSearchState): Pick<UserSearchState, 'text' | 'items' | 'next' | 'status' | 'error'> {
  if (state.typed === state.text) return { text: state.text, items: state.items, next: state.next, status: state.status, error: state.error };
  return { text: state.typed, items: [], next: undefined, status: state.status === 'error' ? 'error' : 'loading', error: state.error };
}
