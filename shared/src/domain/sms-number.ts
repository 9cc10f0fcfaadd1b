import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The number an SMS to a phone typed as its owner knows it goes to, in E.164 (what SNS and every
 * SMS provider take). Spec §5 lets a parcel's recipient phone be typed without a country code
 * ("555 123 4567"), so a national number is read in the country of `beside`, the E.164 mobile of
 * the person who typed it (the rider booking the parcel lives where they send it, almost always).
 * A number typed with its own "+" keeps its country. Undefined when no possible number comes out:
 * texting a guess would reach a stranger.
 */
export function smsNumber(typed: string | undefined | null, beside: string | undefined | null): string | undefined {
  const value = (typed ?? '').replace(/\s*(?:ext\.?|x)\s*\d+$/i, '').trim();
  if (!value) return undefined;
  const home = beside ? parsePhoneNumberFromString(beside) : undefined;
  const parsed = value.startsWith('+') || !home
    ? parsePhoneNumberFromString(value)
    : parsePhoneNumberFromString(value, { defaultCallingCode: home.countryCallingCode, ...(home.country ? { defaultCountry: home.country } : {}) });
  return parsed?.isPossible() ? parsed.number : undefined;
}
