import type { UserProfile } from '../../../../shared/src/contract';

/**
 * The state of a type-ahead over one user type. Each request has an id; an answer to any request
 * but the latest is dropped, so "an" answering after "ann" never replaces the newer results.
 */
export interface UserSearchState {
  /** The text the shown items answer (trimmed; '' lists newest first). */
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
  | { type: 'request'; id: number; text: string; cursor?: string }
  | { type: 'page'; id: number; items: UserProfile[]; next?: string }
  | { type: 'failed'; id: number; error: unknown };

export const initialUserSearch: UserSearchState = { text: '', items: [], request: { id: 0, text: '' }, status: 'loading' };

export function userSearchReducer(state: UserSearchState, action: UserSearchAction): UserSearchState {
  switch (action.type) {
    case 'request': {
      const text = action.text.trim();
      // A new search empties the list at once (old matches would mislead); a next page keeps it.
      const items = action.cursor || text === state.text ? state.items : [];
      return { ...state, text, items, request: { id: action.id, text, cursor: action.cursor }, status: 'loading', error: undefined };
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
