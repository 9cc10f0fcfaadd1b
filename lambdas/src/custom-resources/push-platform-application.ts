import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  CreatePlatformApplicationCommand, DeletePlatformApplicationCommand, SetPlatformApplicationAttributesCommand, SNSClient,
} from '@aws-sdk/client-sns';

/**
 * CloudFormation has no SNS platform application resource, and its dynamic secret references do
 * not reach custom resources: this handler (the CDK provider framework's onEvent) reads the
 * credentials from Secrets Manager at deploy time and creates, updates or deletes the platform
 * application, with its endpoint events going to the push events topic.
 *
 * Secrets (JSON): FCM `{"credential": "<service account JSON or server key>"}`;
 * APNs token auth `{"signingKey": "<.p8 contents>", "keyId", "teamId", "bundleId"}`.
 */
export interface PlatformApplicationProps {
  Name: string;
  /** GCM (FCM), APNS or APNS_SANDBOX. */
  Platform: 'GCM' | 'APNS' | 'APNS_SANDBOX';
  SecretArn: string;
  EventsTopicArn: string;
}

interface CfnEvent {
  RequestType: 'Create' | 'Update' | 'Delete';
  PhysicalResourceId?: string;
  ResourceProperties: PlatformApplicationProps & { ServiceToken?: string };
  OldResourceProperties?: PlatformApplicationProps;
}

const sns = new SNSClient({});
const secrets = new SecretsManagerClient({});

/** The platform application attributes for a platform's credentials (pure: unit-tested). */
export function platformAttributes(p: Pick<PlatformApplicationProps, 'Platform' | 'EventsTopicArn'>, secret: Record<string, string>): Record<string, string> {
  const events = { EventEndpointUpdated: p.EventsTopicArn, EventDeliveryFailure: p.EventsTopicArn };
  if (p.Platform === 'GCM') {
    if (!secret.credential) throw new Error('the FCM secret needs "credential"');
    return { PlatformCredential: secret.credential, ...events };
  }
  for (const k of ['signingKey', 'keyId', 'teamId', 'bundleId']) if (!secret[k]) throw new Error(`the APNs secret needs "${k}"`);
  return {
    PlatformCredential: secret.signingKey!, PlatformPrincipal: secret.keyId!,
    ApplePlatformTeamID: secret.teamId!, ApplePlatformBundleID: secret.bundleId!, ...events,
  };
}

async function attributesOf(p: PlatformApplicationProps): Promise<Record<string, string>> {
  const out = await secrets.send(new GetSecretValueCommand({ SecretId: p.SecretArn }));
  return platformAttributes(p, JSON.parse(out.SecretString ?? '{}') as Record<string, string>);
}

export const handler = async (event: CfnEvent): Promise<{ PhysicalResourceId: string; Data?: Record<string, string> }> => {
  const p = event.ResourceProperties;
  if (event.RequestType === 'Delete') {
    if (event.PhysicalResourceId?.startsWith('arn:')) await sns.send(new DeletePlatformApplicationCommand({ PlatformApplicationArn: event.PhysicalResourceId }));
    return { PhysicalResourceId: event.PhysicalResourceId ?? p.Name };
  }
  const old = event.OldResourceProperties;
  if (event.RequestType === 'Update' && event.PhysicalResourceId && old && old.Name === p.Name && old.Platform === p.Platform) {
    await sns.send(new SetPlatformApplicationAttributesCommand({ PlatformApplicationArn: event.PhysicalResourceId, Attributes: await attributesOf(p) }));
    return { PhysicalResourceId: event.PhysicalResourceId, Data: { Arn: event.PhysicalResourceId } };
  }
  // A new name or platform is a new application; CloudFormation deletes the old one afterwards.
  const out = await sns.send(new CreatePlatformApplicationCommand({ Name: p.Name, Platform: p.Platform, Attributes: await attributesOf(p) }));
  return { PhysicalResourceId: out.PlatformApplicationArn!, Data: { Arn: out.PlatformApplicationArn! } };
};
