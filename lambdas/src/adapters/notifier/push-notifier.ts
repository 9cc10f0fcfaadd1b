import type { DeviceStore } from '../../ports/push';
import type { Notifier } from '../../ports/notifier';
import { pushToDevices, type PushDeps } from '../../use-cases/push-to-devices';

/**
 * A committed inbox message (or trip chat line) is pushed to each of the recipient's devices, once per (message,
 * device) however often the stream hands it over. A failed push throws after the others were
 * tried, so the stream record is retried and only the failed devices are pushed again.
 */
export function pushNotifier(deps: PushDeps & { devices: Pick<DeviceStore, 'ofUser' | 'remove'> }): Notifier {
  return {
    async deliver(message) {
      const devices = await deps.devices.ofUser(message.to);
      if (devices.length === 0) return;
      await pushToDevices(deps, message.delivery ?? `MSG#${message.id}`, devices, {
        title: message.title,
        body: message.body,
        // A chat line is no inbox message: there is no inbox id to open.
        data: { kind: message.kind, ...(message.delivery ? {} : { messageId: message.id }), ...(message.bookingId ? { bookingId: message.bookingId } : {}) },
      });
    },
  };
}
