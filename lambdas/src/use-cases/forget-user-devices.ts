import type { DeviceStore, PushSender } from '../ports/push';

/**
 * A deleted user's phones stop receiving pushes: every device item, its token claim and its
 * platform endpoint go, so no broadcast reaches a user who no longer exists.
 */
export async function forgetUserDevices(deps: { devices: DeviceStore; push: () => PushSender }, uid: string): Promise<number> {
  const devices = await deps.devices.ofUser(uid);
  await Promise.all(devices.map(async (device) => {
    if ((await deps.devices.remove(device)) && device.endpointArn) await deps.push().unregister(device.endpointArn);
  }));
  return devices.length;
}
