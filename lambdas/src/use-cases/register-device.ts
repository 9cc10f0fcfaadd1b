import type { Device, DevicePlatform } from '../../../shared/src/contract/notifications';
import { DomainError } from '../../../shared/src/domain/errors';
import type { DeviceStore, PushDevice, PushSender } from '../ports/push';
import type { Account } from './admit-caller';

export interface DeviceDeps {
  devices: DeviceStore;
  push: () => PushSender;
  now: () => Date;
}

/**
 * A mobile app registers its push token (spec §3 User pushToken, userPlatform). The device gets
 * its platform endpoint (SNS in AWS), the profile names it, and the device index files it under
 * the user's type and platform for broadcasts, with the language the app shows (the platform's
 * messages are pushed to it in that language; registering again after a change of language moves
 * it). A token another user held (a shared phone, a new
 * sign-in) moves to this user in one transaction.
 */
export async function registerDevice(deps: DeviceDeps, account: Account, input: { pushToken: string; userPlatform: DevicePlatform; language?: string }): Promise<Device> {
  const uid = account.profile.id;
  for (let attempt = 0; ; attempt++) {
    const previous = await deps.devices.get(input.pushToken);
    const endpointArn = previous?.platform === input.userPlatform && previous.endpointArn
      ? previous.endpointArn
      : await deps.push().register({ token: input.pushToken, platform: input.userPlatform, uid });
    const device: PushDevice = {
      uid, usertype: account.profile.usertype, token: input.pushToken, platform: input.userPlatform,
      updatedAt: deps.now().toISOString(), ...(endpointArn ? { endpointArn } : {}), ...(input.language ? { language: input.language } : {}),
    };
    try {
      await deps.devices.save(device, previous);
    } catch (e) {
      // The token moved between the read and the write: read its holder again.
      if (e instanceof DomainError && e.status === 409 && attempt < 2) continue;
      throw e;
    }
    if (previous?.endpointArn && previous.endpointArn !== endpointArn) await deps.push().unregister(previous.endpointArn);
    return { pushToken: device.token, userPlatform: device.platform, updatedAt: device.updatedAt, ...(device.language ? { language: device.language } : {}) };
  }
}
