/** Where a booking's live trip is: protected routes are exact paths, so the booking is in the query. */
export function tripHref(id: string): string {
  return `/trip?id=${encodeURIComponent(id)}`;
}
