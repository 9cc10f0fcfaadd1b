import { randomUUID } from 'node:crypto';
import { DomainError } from '../../../shared/src/domain/errors';
import type { DeviceStore } from '../ports/push';
import { pushToDevices, type PushDeps } from './push-to-devices';

/**
 * Spec §7 send_notification / RequestPushMsg: an admin pushes a title and body to one registered
 * device token. An unknown token is 404 `push_token_unknown`; a device the platform reports gone
 * (or that has no endpoint on this deployment) is 409 `push_not_delivered`, and a gone one is forgotten.
 */
export async function sendNotification(
  deps: PushDeps & { devices: Pick<DeviceStore, 'get' | 'remove'> }, input: { token: string; title: string; body: string },
): Promise<{ sent: true }> {
  const device = await deps.devices.get(input.token);
  if (!device) throw new DomainError('push_token_unknown', 404);
  // Each request is its own delivery: an admin may send the same words twice on purpose.
  const tally = await pushToDevices(deps, `DIRECT#${randomUUID()}`, [device], { title: input.title, body: input.body, data: { kind: 'admin_message' } });
  if (tally.sent !== 1) throw new DomainError('push_not_delivered', 409);
  return { sent: true };
}
