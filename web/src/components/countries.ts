import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

/** Spec §3 Country: label, ISO code and phone prefix, for the ~240 regions with a calling code. */
export interface Country {
  /** ISO 3166-1 alpha-2 (or libphonenumber's AC/TA/XK). */
  code: CountryCode;
  /** Localised name. */
  label: string;
  /** Calling code without '+', e.g. "44". */
  dialCode: string;
}

const cache = new Map<string, readonly Country[]>();

function regionNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    return null;
  }
}

/** Every country with its dial code, named and sorted in the UI language. */
export function countryList(locale: string): readonly Country[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = regionNames(locale);
  const collator = new Intl.Collator(locale);
  const list = getCountries()
    .map((code) => ({ code, label: names?.of(code) ?? code, dialCode: getCountryCallingCode(code) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  cache.set(locale, list);
  return list;
}

/**
 * The settings' `country` as a region: an ISO code ("US") or an English name ("United States").
 * Unknown or blank gives undefined.
 */
export function countryFromSetting(value: string | undefined): CountryCode | undefined {
  const wanted = (value ?? '').trim();
  if (!wanted) return undefined;
  const codes = getCountries();
  const upper = wanted.toUpperCase();
  const byCode = codes.find((c) => c === upper);
  if (byCode) return byCode;
  const english = regionNames('en');
  const lower = wanted.toLowerCase();
  return codes.find((c) => english?.of(c)?.toLowerCase() === lower);
}

/** Spec §5: without country selection the dial code comes from the settings' country, else +1. */
export function defaultDialCode(settingsCountry: string | undefined): string {
  const code = countryFromSetting(settingsCountry);
  return code ? getCountryCallingCode(code) : '1';
}

export function dialCodeOf(code: CountryCode): string {
  return getCountryCallingCode(code);
}
