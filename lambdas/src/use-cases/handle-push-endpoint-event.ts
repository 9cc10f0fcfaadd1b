import type { DeviceStore, PushSender } from '../ports/push';
import { forgetDevice } from './push-to-devices';

/** The parts of an SNS mobile application event (EventEndpointUpdated, EventDeliveryFailure) we read. */
export interface EndpointEvent {
  EventType?: string;
  EndpointArn?: string;
  FailureType?: string;
}

/** An endpoint ARN names `…:endpoint/<platform>/<app>/<id>`; an event's `Resource` may be the app instead. */
export function endpointOf(event: EndpointEvent & { Resource?: string }): string | undefined {
  const candidates = [event.EndpointArn, event.Resource];
  return candidates.find((a): a is string => typeof a === 'string' && /^arn:[^:]+:sns:[^:]+:[^:]+:endpoint\//.test(a));
}

/**
 * SNS reports that an endpoint changed or a delivery failed for good. The platform's own state is
 * the truth: when the endpoint is disabled or gone, the device is forgotten (its item, and the
 * endpoint itself). Running twice changes nothing more.
 */
export async function handlePushEndpointEvent(
  deps: { devices: Pick<DeviceStore, 'byEndpoint' | 'remove'>; push: () => PushSender }, event: EndpointEvent & { Resource?: string },
): Promise<'forgotten' | 'enabled' | 'unknown' | 'ignored'> {
  const endpointArn = endpointOf(event);
  if (!endpointArn) return 'ignored';
  if (await deps.push().enabled(endpointArn)) return 'enabled';
  const device = await deps.devices.byEndpoint(endpointArn);
  if (!device) {
    await deps.push().unregister(endpointArn);
    return 'unknown';
  }
  await forgetDevice(deps, device);
  return 'forgotten';
}
