import { logger } from '../observability/logger';
import type { DeviceStore, PushClaims, PushDevice, PushPayload, PushSender } from '../ports/push';

export interface PushDeps {
  push: () => PushSender;
  devices: Pick<DeviceStore, 'remove'>;
  claims: PushClaims;
}

export interface PushTally {
  /** Devices the platform took the push for (now or in an earlier attempt). */
  sent: number;
  /** Devices that cannot receive it: gone (forgotten now) or without an endpoint. */
  failed: number;
  /** Devices another run is pushing to right now: their outcome is not known yet. */
  busy: number;
}

/** Some sends failed; their claims were released, so running the same delivery again sends them. */
export class PushRetryNeeded extends Error {
  constructor(readonly tally: PushTally, readonly errors: unknown[]) {
    super(`${errors.length} push(es) failed and will be retried${tally.busy ? `; ${tally.busy} busy elsewhere` : ''}`);
    this.name = 'PushRetryNeeded';
  }
}

/**
 * One delivery (`delivery` names it: a message id, a broadcast's send) to each device exactly
 * once: a device's claim is taken before its push and settled after, so a second run (a stream
 * record delivered twice, a job run twice, a retry after a partial failure) pushes only to the
 * devices whose push has not happened. A device the platform reports gone is forgotten. The
 * payload may depend on the device (its language).
 * Throws `PushRetryNeeded` after trying every device when some failed (released for the retry).
 */
export async function pushToDevices(deps: PushDeps, delivery: string, devices: readonly PushDevice[], payload: PushPayload | ((device: PushDevice) => PushPayload)): Promise<PushTally> {
  const tally: PushTally = { sent: 0, failed: 0, busy: 0 };
  const errors: unknown[] = [];
  const sender = deps.push();
  await Promise.all(devices.map(async (device) => {
    const claim = await deps.claims.take(delivery, device.token);
    if (claim === 'sent') { tally.sent += 1; return; }
    if (claim === 'failed') { tally.failed += 1; return; }
    if (claim === 'busy') { tally.busy += 1; return; }
    let outcome;
    try {
      outcome = await sender.send(device, typeof payload === 'function' ? payload(device) : payload);
    } catch (e) {
      errors.push(e);
      await deps.claims.release(delivery, device.token);
      return;
    }
    if (outcome === 'gone') await forgetDevice(deps, device);
    await deps.claims.settle(delivery, device.token, outcome === 'sent' ? 'sent' : 'failed');
    if (outcome === 'sent') tally.sent += 1;
    else tally.failed += 1;
  }));
  if (errors.length) {
    logger.warn('push failures released for retry', { delivery, failures: errors.length, error: errors[0] as Error });
    throw new PushRetryNeeded(tally, errors);
  }
  return tally;
}

/** A device the platform no longer delivers to: its item and its endpoint go. */
export async function forgetDevice(deps: Pick<PushDeps, 'push' | 'devices'>, device: PushDevice): Promise<void> {
  logger.info('forgetting a device the platform reports gone', { uid: device.uid, platform: device.platform });
  await deps.devices.remove(device);
  if (device.endpointArn) await deps.push().unregister(device.endpointArn);
}
