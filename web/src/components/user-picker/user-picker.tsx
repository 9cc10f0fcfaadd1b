import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useEffect, useMemo, useRef, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../shared/src/contract';
import { errorText } from '../error-text';
import { useUserSearch, type PickableUserType } from './use-user-search';

export interface UserPickerProps {
  usertype: PickableUserType;
  /** The chosen option as it was picked (it stays shown while other searches run). */
  selected: SelectProps.Option | null;
  onChange: (option: SelectProps.Option | null, user: UserProfile | undefined) => void;
  toOption: (user: UserProfile) => SelectProps.Option;
  placeholder: string;
  ariaLabel?: string;
  invalid?: boolean;
  /** Bumped by the page to read the results again (e.g. after a wallet change). */
  refreshKey?: number;
  'data-testid'?: string;
}

/**
 * The admins' user picker: a type-ahead over every rider or driver, searched by the server (a name
 * prefix or a whole e-mail address) and paged as the list scrolls, so no user is out of reach
 * however many there are.
 */
export function UserPicker(props: UserPickerProps) {
  const { t } = useTranslation();
  const search = useUserSearch(props.usertype);
  const { toOption } = props;
  const options = useMemo(() => search.items.map(toOption), [search.items, toOption]);
  const current = props.selected ? options.find((o) => o.value === props.selected!.value) ?? props.selected : null;
  useRefresh(props.refreshKey, search.reload);
  return (
    // The Select tells of typed text only once typing pauses; the filter box's own events (they
    // reach here through the dropdown's portal) let the list drop stale users at each key. Focus
    // counts too: the box is emptied on close without an input event and focused on open.
    <div onInput={boxText(search.onFilterInput)} onFocus={boxText(search.onFilterInput)}>
      <Select
        data-testid={props['data-testid']}
        selectedOption={current}
        onChange={({ detail }) => props.onChange(detail.selectedOption, search.items.find((u) => u.id === detail.selectedOption.value))}
        options={options}
        filteringType="manual"
        filteringPlaceholder={t('user_search_placeholder')}
        filteringAriaLabel={t('user_search_placeholder')}
        onLoadItems={({ detail }) => search.onLoadItems(detail)}
        statusType={search.status}
        loadingText={t('loading')}
        finishedText={search.text ? t('user_search_end', { text: search.text }) : undefined}
        errorText={search.status === 'error' ? errorText(t, search.error) : undefined}
        recoveryText={t('retry')}
        empty={t('no_users_available')}
        placeholder={props.placeholder}
        ariaLabel={props.ariaLabel}
        invalid={props.invalid}
        expandToViewport
      />
    </div>
  );
}

/** Passes on the text of the filter box (the only text input inside the picker). */
function boxText(onText: (text: string) => void) {
  return (e: SyntheticEvent) => { if (e.target instanceof HTMLInputElement) onText(e.target.value); };
}

/** Reads again when `key` changes after the first render. */
function useRefresh(key: number | undefined, reload: () => void) {
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) reload();
  }, [key, reload]);
}
