import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useApi } from '../../api/api-context';
import { initialUserSearch, userSearchReducer } from './user-search-state';

/** Spec §9: searches wait 200 ms after the last key, like the place search. */
const DEBOUNCE_MS = 200;
const PAGE_SIZE = 25;

export type PickableUserType = 'rider' | 'driver';

/**
 * A type-ahead over every user of a type, asked of the server page by page: typed text is a name
 * prefix or an e-mail address (`fetchUsers` with `search`), scrolling to the end loads the next
 * page. Wire `onLoadItems` to a Select with `filteringType="manual"`.
 */
export function useUserSearch(usertype: PickableUserType) {
  const api = useApi();
  const [state, dispatch] = useReducer(userSearchReducer, initialUserSearch);
  const seq = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const run = useCallback((text: string, cursor: string | undefined, delay: number) => {
    const id = ++seq.current;
    controller.current?.abort();
    clearTimeout(timer.current);
    dispatch({ type: 'request', id, text, cursor });
    const search = text.trim();
    timer.current = setTimeout(() => {
      const c = new AbortController();
      controller.current = c;
      api.fetchUsers({ query: { usertype, limit: PAGE_SIZE, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) } }, { signal: c.signal })
        .then((page) => dispatch({ type: 'page', id, items: page.items, next: page.next }))
        .catch((error: unknown) => { if (!c.signal.aborted) dispatch({ type: 'failed', id, error }); });
    }, delay);
  }, [api, usertype]);

  useEffect(() => {
    run('', undefined, 0);
    return () => { controller.current?.abort(); clearTimeout(timer.current); };
  }, [run]);

  const latest = useRef(state);
  latest.current = state;
  const onLoadItems = useCallback((detail: { filteringText: string; firstPage: boolean; samePage: boolean }) => {
    const s = latest.current;
    if (detail.samePage) run(s.request.text, s.request.cursor, 0);
    else if (detail.firstPage) run(detail.filteringText, undefined, detail.filteringText.trim() ? DEBOUNCE_MS : 0);
    else if (s.next && s.status === 'pending') run(s.text, s.next, 0);
  }, [run]);

  /** Reads the shown results again (e.g. balances after a wallet change). */
  const reload = useCallback(() => run(latest.current.text, undefined, 0), [run]);

  return { ...state, onLoadItems, reload };
}
