/**
 * Interface texts of the bookings pages (/bookings, the booking detail, offers); merged into
 * `ui-strings.ts`. A key must not repeat one of another catalogue.
 */
export const bookingsStringsEn = {
} satisfies Record<string, string>;

export const bookingsStringsEs: Record<keyof typeof bookingsStringsEn, string> = {
};
