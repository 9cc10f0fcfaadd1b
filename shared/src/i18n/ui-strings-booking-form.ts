/**
 * Interface texts of the booking form (landing page, /addbookings) and its map; merged into
 * `ui-strings.ts`. A key must not repeat one of another catalogue.
 */
export const bookingFormStringsEn = {
} satisfies Record<string, string>;

export const bookingFormStringsEs: Record<keyof typeof bookingFormStringsEn, string> = {
};
