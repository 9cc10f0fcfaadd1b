/** Where a booking's printable receipt is: protected routes are exact paths, so the booking is in the query. */
export function receiptHref(id: string): string {
  return `/receipt?id=${encodeURIComponent(id)}`;
}
