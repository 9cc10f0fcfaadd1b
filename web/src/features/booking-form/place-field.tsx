import Autosuggest, { type AutosuggestProps } from '@cloudscape-design/components/autosuggest';
import FormField from '@cloudscape-design/components/form-field';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Place } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { useConfig } from '../../config/config-context';
import { errorText } from '../../components/error-text';
import type { MapPoint } from '../../components/map/trip-map-types';

/** Fewer letters than this match half the gazetteer; wait for more. */
const MIN_SEARCH_LENGTH = 2;
/** The contract's searchKeyword limit. */
const MAX_SEARCH_LENGTH = 120;

export interface PlaceFieldProps {
  label: string;
  /** The text in the box: what the user typed, or the chosen place's address. */
  text: string;
  onTextChange: (text: string) => void;
  /** A suggestion was chosen. */
  onPlace: (place: Place) => void;
  /** Bias for the suggestions: the other end of the trip, or the map's centre. */
  near?: MapPoint;
  /** The geo API needs a signed-in user; visitors are told so instead of searching. */
  signedIn: boolean;
  placeholder: string;
  errorText?: string;
  /** Beside the box, e.g. "Use my location". */
  secondaryControl?: ReactNode;
  testId: string;
}

type Status = { type: Exclude<AutosuggestProps.StatusType, 'error'> } | { type: 'error'; text: string };

/**
 * Spec §2/§7 place search: suggestions for the typed text from the autocomplete call. Cloudscape
 * fires `onLoadItems` 200 ms after the last keystroke (spec §9 place search debounce); an older
 * request still running is aborted so a slow answer cannot replace a newer one.
 */
export function PlaceField({ label, text, onTextChange, onPlace, near, signedIn, placeholder, errorText: fieldError, secondaryControl, testId }: PlaceFieldProps) {
  const { t } = useTranslation();
  const api = useApi();
  // The local platform's gazetteer has no streets: say so where the search is, not after a failed one.
  const offline = useConfig().places === 'offline';
  const [places, setPlaces] = useState<Place[]>([]);
  const [status, setStatus] = useState<Status>({ type: 'finished' });
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  /** The search last asked for while signed out. */
  const unanswered = useRef<string | null>(null);

  const load = (filteringText: string) => {
    pending.current?.abort();
    unanswered.current = signedIn ? null : filteringText;
    const keyword = filteringText.trim().slice(0, MAX_SEARCH_LENGTH);
    if (!signedIn) {
      // Nothing to ask: the dropdown's hint says why (see `hint` below).
      setPlaces([]);
      setStatus({ type: 'finished' });
      return;
    }
    if (keyword.length < MIN_SEARCH_LENGTH) {
      setPlaces([]);
      setStatus({ type: 'finished' });
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setStatus({ type: 'loading' });
    api.autocomplete({ body: { searchKeyword: keyword, ...(near ? { near } : {}) } }, { signal: controller.signal }).then(
      ({ searchResults }) => {
        if (controller.signal.aborted) return;
        setPlaces(searchResults);
        setStatus({ type: 'finished' });
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setPlaces([]);
        setStatus({ type: 'error', text: errorText(t, e) });
      },
    );
  };

  // A search asked for before the stored session arrived runs once it does (this render's `load`
  // sees the session). Only an asked-for one: a point's coordinates in the box are not searched.
  useEffect(() => {
    if (signedIn && unanswered.current !== null) load(unanswered.current);
  }, [signedIn]);

  // Two towns may share a name and country ("San Francisco, PH"): the coordinates tell them apart.
  const options: AutosuggestProps.Option[] = places.map((p) => ({
    value: p.place_id,
    label: p.description,
    description: p.structured_formatting.secondary_text || undefined,
    tags: p.coords ? [`${p.coords.lat.toFixed(2)}, ${p.coords.lng.toFixed(2)}`] : undefined,
  }));

  // Below the (empty) list: why there is nothing to choose from.
  const hint = !signedIn
    ? t('bf_sign_in_to_search')
    : text.trim().length < MIN_SEARCH_LENGTH
      ? t('bf_type_to_search')
      : places.length === 0
        ? t('bf_no_places')
        : undefined;

  return (
    // Not `stretch` with a secondary control: Cloudscape then puts the control beside the box.
    <FormField label={label} errorText={fieldError} constraintText={offline ? t('bf_offline_places') : undefined} secondaryControl={secondaryControl} stretch={!secondaryControl}>
      <Autosuggest
        data-testid={testId}
        value={text}
        onChange={({ detail }) => {
          // Choosing a suggestion reports its value (the place id) first; onSelect sets the address.
          if (places.some((p) => p.place_id === detail.value)) return;
          onTextChange(detail.value);
        }}
        onSelect={({ detail }) => {
          const place = places.find((p) => p.place_id === detail.selectedOption?.value);
          if (place) onPlace(place);
        }}
        onLoadItems={({ detail }) => {
          if (!detail.samePage || status.type === 'error') load(detail.filteringText);
        }}
        options={options}
        filteringType="manual"
        hideEnteredTextOption
        statusType={status.type}
        loadingText={t('bf_searching_places')}
        errorText={status.type === 'error' ? status.text : undefined}
        recoveryText={t('retry')}
        empty={hint ?? t('bf_type_to_search')}
        finishedText={hint}
        placeholder={placeholder}
        ariaLabel={label}
        clearAriaLabel={t('bf_clear')}
        invalid={!!fieldError}
        expandToViewport
      />
    </FormField>
  );
}
