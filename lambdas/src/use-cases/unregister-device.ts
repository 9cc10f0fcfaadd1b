import type { DeviceStore, PushSender } from '../ports/push';
import type { Account } from './admit-caller';

/**
 * The app signs out or turns pushes off: the caller's device (the named token, else the
 * profile's pushToken) and its endpoint go. Another user's token is never touched; a token the
 * caller does not hold answers `removed: false`.
 */
export async function unregisterDevice(
  deps: { devices: DeviceStore; push: () => PushSender }, account: Account, pushToken?: string,
): Promise<{ removed: boolean }> {
  const token = pushToken ?? account.profile.pushToken;
  if (!token) return { removed: false };
  const device = await deps.devices.get(token);
  if (!device || device.uid !== account.profile.id) return { removed: false };
  const removed = await deps.devices.remove(device);
  if (removed && device.endpointArn) await deps.push().unregister(device.endpointArn);
  return { removed };
}
