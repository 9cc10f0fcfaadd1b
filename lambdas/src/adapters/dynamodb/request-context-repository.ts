import type { AppSettings } from '../../ports/settings';
import { keys } from './keys';
import { stripKeys, table, type Key } from './repository';
import type { ProfileItem } from '../../ports/users';

/**
 * The caller's profile and the app settings in one round trip: what every signed-in request needs
 * first. Items a handler preloads (the booking it acts on…) ride along in the same BatchGetItem.
 */
export async function loadRequestContext(uid: string, extra: (Key | undefined)[] = []): Promise<{ profile?: ProfileItem; settings?: AppSettings; extra: (Record<string, unknown> | undefined)[] }> {
  const wanted = extra.filter((k): k is Key => k !== undefined);
  const [profile, settings, ...rest] = await table.batchGet([keys.userProfile(uid), keys.appSettings(), ...wanted]);
  let next = 0;
  return {
    profile: profile ? (stripKeys(profile) as ProfileItem) : undefined,
    settings: settings ? (stripKeys(settings) as AppSettings) : undefined,
    // Positions follow the handler's list; a key it did not need reads as undefined.
    extra: extra.map((k) => (k === undefined ? undefined : rest[next++])),
  };
}
