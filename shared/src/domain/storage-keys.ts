/**
 * Spec §5 Storage rules: a storage path never contains '..'. A safe key is made of segments of
 * letters, digits, '_' and '-' (and single dots inside a segment), joined by single '/': so no
 * '..', no leading or trailing '/', no empty segment and nothing a URL or a file system reads
 * differently.
 */
const SEGMENT = /^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?![.]|$))*$/;
export const MAX_KEY_SEGMENT = 128;
export const MAX_KEY_LENGTH = 512;

export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((s) => s.length <= MAX_KEY_SEGMENT && SEGMENT.test(s));
}

/** A driver licence's key, as the server makes it: `private/licences/<ms>-<uuid>`. Nothing else may be named. */
export const LICENCE_KEY = /^private\/licences\/[0-9]+-[0-9a-f-]{36}$/;
export const isLicenceKey = (key: string): boolean => LICENCE_KEY.test(key);
