/**
 * The number an SMS to a phone typed as its owner knows it goes to, in E.164 (what SNS and every
 * SMS provider take). Spec §5 lets a parcel's recipient phone be typed without a country code
 * ("555 123 4567"), so a national number is read in the country of `beside`, the E.164 mobile of
 * the person who typed it (the rider booking the parcel lives where they send it, almost always).
 * A number typed with its own "+" keeps its country. Undefined when no possible number comes out:
 * texting a guess would reach a stranger.
 *
 * libphonenumber is loaded on the first call: its metadata alone is 80 KB, which only the few
 * functions that text a typed phone need, and only when they do (the functions get it from the
 * library layer, not their bundles).
 */
export async function smsNumber(typed: string | undefined | null, beside: string | undefined | null): Promise<string | undefined> {
  const value = (typed ?? '').replace(/\s*(?:ext\.?|x)\s*\d+$/i, '').trim();
  if (!value) return undefined;
  const { parsePhoneNumberFromString } = await import('libphonenumber-js/min');
  const home = beside ? parsePhoneNumberFromString(beside) : undefined;
  const parsed = value.startsWith('+') || !home
    ? parsePhoneNumberFromString(value)
    : parsePhoneNumberFromString(value, { defaultCallingCode: home.countryCallingCode, ...(home.country ? { defaultCountry: home.country } : {}) });
  return parsed?.isPossible() ? parsed.number : undefined;
}
