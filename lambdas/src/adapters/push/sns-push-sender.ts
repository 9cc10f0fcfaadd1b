import type { SNSClient } from '@aws-sdk/client-sns';
import { config } from '../../config';
import { logger } from '../../observability/logger';
import type { PushPayload, PushSender } from '../../ports/push';
import { traced } from '../../observability/tracer';
import { onFirstUse } from '../sdk';

/** SNS's commands, loaded with the client on first use (see adapters/sdk.ts). */
const sdk = onFirstUse(() => import('@aws-sdk/client-sns'));
const client = onFirstUse(async (): Promise<SNSClient> => traced(new (await sdk()).SNSClient({ region: config().AWS_REGION, endpoint: config().SNS_ENDPOINT })));

/** The platform application of a device's platform, if this stage has credentials for it. */
const applicationOf = (platform: string) => ({ ANDROID: config().PUSH_ANDROID_APP_ARN, IOS: config().PUSH_IOS_APP_ARN }[platform] || undefined);

/**
 * One Publish carries every platform's payload (MessageStructure json): FCM HTTP v1 for Android,
 * APNs (and its sandbox) for iOS; `default` is the plain text.
 */
export function snsMessage(p: PushPayload): string {
  const data = p.data ?? {};
  const apns = JSON.stringify({ aps: { alert: { title: p.title, body: p.body }, sound: 'default' }, ...data });
  return JSON.stringify({
    default: p.body,
    GCM: JSON.stringify({ fcmV1Message: { message: { notification: { title: p.title, body: p.body }, data, android: { priority: 'high' } } } }),
    APNS: apns,
    APNS_SANDBOX: apns,
  });
}

/** SNS's answers that mean the endpoint will never deliver again. */
export function isGone(e: unknown): boolean {
  const name = (e as { name?: string })?.name ?? '';
  return name === 'EndpointDisabledException' || name === 'EndpointDisabled' || name === 'NotFoundException' || name === 'NotFound'
    // Publish to a deleted endpoint: "Invalid parameter: TargetArn Reason: No endpoint found for the target arn specified".
    || (name === 'InvalidParameterException' && /(no endpoint found|endpoint does not exist|endpoint is disabled)/i.test((e as Error).message ?? ''));
}

/** Mobile push through SNS platform endpoints (one per device token, made at registration). */
export const snsPushSender: PushSender = {
  async register(device) {
    const application = applicationOf(device.platform);
    if (!application) {
      logger.warn('no platform application for this platform; the device is kept without an endpoint', { platform: device.platform });
      return undefined;
    }
    // Same token, same attributes: SNS answers the existing endpoint. It may have been disabled
    // (the app was reinstalled and the token refreshed): enable it again with the current token.
    const { CreatePlatformEndpointCommand } = await sdk();
    const out = await (await client()).send(new CreatePlatformEndpointCommand({ PlatformApplicationArn: application, Token: device.token }));
    const arn = out.EndpointArn!;
    const { SetEndpointAttributesCommand } = await sdk();
    await (await client()).send(new SetEndpointAttributesCommand({ EndpointArn: arn, Attributes: { Token: device.token, Enabled: 'true' } }));
    return arn;
  },

  async unregister(endpointArn) {
    // DeleteEndpoint is idempotent: a missing endpoint is a success.
    const { DeleteEndpointCommand } = await sdk();
    await (await client()).send(new DeleteEndpointCommand({ EndpointArn: endpointArn }));
  },

  async send(device, payload) {
    if (!device.endpointArn) return 'unreachable';
    try {
      const { PublishCommand } = await sdk();
      await (await client()).send(new PublishCommand({ TargetArn: device.endpointArn, MessageStructure: 'json', Message: snsMessage(payload) }));
      return 'sent';
    } catch (e) {
      if (isGone(e)) return 'gone';
      throw e;
    }
  },

  async enabled(endpointArn) {
    try {
      const { GetEndpointAttributesCommand } = await sdk();
      const out = await (await client()).send(new GetEndpointAttributesCommand({ EndpointArn: endpointArn }));
      return out.Attributes?.Enabled !== 'false';
    } catch (e) {
      if (isGone(e)) return false;
      throw e;
    }
  },
};
