/**
 * The text a user is found by in the admins' pickers: "first last", lower case, accents and
 * repeated spaces removed. The stored index key and the typed search go through the same
 * function, so "jose" finds "José Núñez" and a prefix of the full name matches.
 */
export function searchableName(...parts: (string | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string')
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\p{C}#]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a typed search is an e-mail address, found by its claim rather than by name. */
export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}
