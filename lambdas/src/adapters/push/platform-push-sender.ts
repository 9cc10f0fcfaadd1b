import type { PushSender } from '../../ports/push';

/**
 * One sender per kind of address: browsers' `WEB` subscriptions go through Web Push, the mobile
 * platforms through their own sender (SNS platform endpoints). Endpoint calls (`unregister`,
 * `enabled`) only exist for the mobile ones: a `WEB` device never has an endpoint.
 */
export function platformPushSender(web: PushSender, mobile: PushSender): PushSender {
  const of = (platform: string) => (platform === 'WEB' ? web : mobile);
  return {
    register: (device) => of(device.platform).register(device),
    unregister: (endpointArn) => mobile.unregister(endpointArn),
    enabled: (endpointArn) => mobile.enabled(endpointArn),
    send: (device, payload) => of(device.platform).send(device, payload),
  };
}
