import type { AppSettings } from '../../ports/settings';
import { keys } from './keys';
import { stripKeys, table } from './repository';
import type { ProfileItem } from './user-repository';

/** The caller's profile and the app settings in one round trip: what every signed-in request needs first. */
export async function loadRequestContext(uid: string): Promise<{ profile?: ProfileItem; settings?: AppSettings }> {
  const [profile, settings] = await table.batchGet([keys.userProfile(uid), keys.appSettings()]);
  return {
    profile: profile ? (stripKeys(profile) as ProfileItem) : undefined,
    settings: settings ? (stripKeys(settings) as AppSettings) : undefined,
  };
}
