import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useApi } from '../../api/api-context';
import { initialUserSearch, shownUserSearch, userSearchReducer } from './user-search-state';

const PAGE_SIZE = 25;

export type PickableUserType = 'rider' | 'driver';

/**
 * A type-ahead over every user of a type, asked of the server page by page: typed text is a name
 * prefix or an e-mail address (`fetchUsers` with `search`), scrolling to the end loads the next
 * page. Wire `onLoadItems` to a Select with `filteringType="manual"` and `onFilterInput` to every
 * key typed in its filter box.
 */
export function useUserSearch(usertype: PickableUserType) {
  const api = useApi();
  const [state, dispatch] = useReducer(userSearchReducer, initialUserSearch);
  const seq = useRef(0);
  const controller = useRef<AbortController | null>(null);

  // Spec §9 (searches wait 200 ms after the last key): the Select already fires onLoadItems 200 ms
  // after the last key, so a request goes out at once; waiting again here would double the pause.
  const run = useCallback((text: string, cursor: string | undefined) => {
    const id = ++seq.current;
    controller.current?.abort();
    dispatch({ type: 'request', id, text, cursor });
    const search = text.trim();
    const c = new AbortController();
    controller.current = c;
    api.fetchUsers({ query: { usertype, limit: PAGE_SIZE, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) } }, { signal: c.signal })
      .then((page) => dispatch({ type: 'page', id, items: page.items, next: page.next }))
      .catch((error: unknown) => { if (!c.signal.aborted) dispatch({ type: 'failed', id, error }); });
  }, [api, usertype]);

  useEffect(() => {
    run('', undefined);
    return () => { controller.current?.abort(); };
  }, [run]);

  const latest = useRef(state);
  latest.current = state;
  const onLoadItems = useCallback((detail: { filteringText: string; firstPage: boolean; samePage: boolean }) => {
    const s = latest.current;
    if (detail.samePage) run(s.request.text, s.request.cursor);
    else if (detail.firstPage) run(detail.filteringText, undefined);
    else if (s.next && s.status === 'pending' && s.typed === s.text) run(s.text, s.next);
  }, [run]);

  /** Each key in the filter box: the list stops offering the previous text's users at once. */
  const onFilterInput = useCallback((text: string) => dispatch({ type: 'typed', text }), []);

  /** Reads the shown results again (e.g. balances after a wallet change). */
  const reload = useCallback(() => run(latest.current.text, undefined), [run]);

  return { ...shownUserSearch(state), onLoadItems, onFilterInput, reload };
}
