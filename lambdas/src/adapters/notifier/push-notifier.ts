import type { DeviceStore } from '../../ports/push';
import { localizedNotification } from '../../../../shared/src/i18n/localized-notification';
import type { Notifier } from '../../ports/notifier';
import { pushToDevices, type PushDeps } from '../../use-cases/push-to-devices';

/**
 * A committed inbox message (or trip chat line) is pushed to each of the recipient's devices, in
 * the device's language, once per (message, device) however often the stream hands it over. A
 * failed push throws after the others were tried, so the stream record is retried and only the
 * failed devices are pushed again.
 */
export function pushNotifier(deps: PushDeps & { devices: Pick<DeviceStore, 'ofUser' | 'remove'> }): Notifier {
  return {
    async deliver(message) {
      const devices = await deps.devices.ofUser(message.to);
      if (devices.length === 0) return;
      // A chat line is no inbox message: there is no inbox id to open.
      const data = { kind: message.kind, ...(message.delivery ? {} : { messageId: message.id }), ...(message.bookingId ? { bookingId: message.bookingId } : {}) };
      // Each device hears it in the language its app shows; the English text when it cannot be worded so.
      await pushToDevices(deps, message.delivery ?? `MSG#${message.id}`, devices, (device) => ({
        ...(localizedNotification(message.kind, message.values, device.language) ?? { title: message.title, body: message.body }),
        data,
      }));
    },
  };
}
