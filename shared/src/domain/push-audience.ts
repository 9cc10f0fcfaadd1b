/**
 * Spec §5 Broadcast notification: a notification reaches the devices whose user type matches its
 * `usertype` (or All) and whose platform matches its `devicetype` (or All). Devices are indexed by
 * (user type, platform), so an audience is 1 to 6 index partitions, never a listing of users.
 * `All` also means browsers (`WEB`, the installed driver console): the spec's devicetype names only
 * the mobile platforms, and a browser hears what a phone hears.
 */
export type AudienceUserType = 'rider' | 'driver';
export type AudiencePlatform = 'ANDROID' | 'IOS' | 'WEB';
export interface AudiencePartition { usertype: AudienceUserType; platform: AudiencePlatform }

const USER_TYPES: readonly AudienceUserType[] = ['rider', 'driver'];
const PLATFORMS: readonly AudiencePlatform[] = ['ANDROID', 'IOS', 'WEB'];

export function audiencePartitions(usertype: 'All' | AudienceUserType, devicetype: 'All' | Exclude<AudiencePlatform, 'WEB'>): AudiencePartition[] {
  const types = usertype === 'All' ? USER_TYPES : [usertype];
  const platforms = devicetype === 'All' ? PLATFORMS : [devicetype];
  return types.flatMap((u) => platforms.map((p) => ({ usertype: u, platform: p })));
}

/** Devices pushed to by one broadcast job: one job's work stays well inside a Lambda's time. */
export const BROADCAST_BATCH_SIZE = 100;

/** A send still `sending` this long after its last batch is taken to have died; it may be sent again. */
export const BROADCAST_STALE_MS = 10 * 60 * 1000;

/** Where the next batch starts: which partition, and the cursor inside it; undefined when every partition is done. */
export function nextPosition(partition: number, pageNext: string | undefined, partitions: number): { partition: number; cursor?: string } | undefined {
  if (pageNext) return { partition, cursor: pageNext };
  return partition + 1 < partitions ? { partition: partition + 1 } : undefined;
}
