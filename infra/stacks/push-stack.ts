import { CfnOutput, CustomResource, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as cr from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import type { AppConfig } from '../constructs/app-config';
import { acknowledge, allowWildcards, managedPolicyFinding } from '../constructs/nag';
import { NodeFunction, observability } from '../constructs/node-function';

export const PLATFORM_APP_ENTRY = 'lambdas/src/custom-resources/push-platform-application.ts';

export interface PushStackProps extends StackProps {
  config: AppConfig;
}

/** An SNS platform application, as the functions that push need it. */
export interface PlatformApp {
  /** GCM (FCM) or APNS / APNS_SANDBOX: the segment of its ARNs. */
  platform: 'GCM' | 'APNS' | 'APNS_SANDBOX';
  name: string;
  arn: string;
}

/**
 * Mobile push: the SNS platform applications (FCM for Android, APNs for iOS), each made only when
 * its credentials' secret is named in context, and the topic their endpoint events go to (a
 * consumer in the Api stack forgets devices whose endpoint SNS disabled).
 */
export class PushStack extends Stack {
  /** EventEndpointUpdated and EventDeliveryFailure of every platform application. */
  readonly endpointEvents: sns.Topic;
  readonly android?: PlatformApp;
  readonly ios?: PlatformApp;

  constructor(scope: Construct, id: string, props: PushStackProps) {
    super(scope, id, props);
    const { prefix, push } = props.config;
    // The AWS-managed key: encryption at rest without a customer key to administer or pay for.
    const awsManagedKey = kms.Alias.fromAliasName(this, 'AwsManagedSnsKey', 'alias/aws/sns');
    this.endpointEvents = new sns.Topic(this, 'PushEndpointEvents', {
      displayName: `${prefix} push endpoint events`,
      masterKey: awsManagedKey,
      enforceSSL: true,
    });

    if (push.fcmSecretArn || push.apnsSecretArn) {
      const onEvent = new NodeFunction(this, 'PlatformApplicationHandler', {
        entry: PLATFORM_APP_ENTRY,
        description: 'Deploy time: creates, updates and deletes the SNS platform applications from their secrets',
        environment: {},
        observability: observability(props.config),
      });
      const provider = new cr.Provider(this, 'PlatformApplicationProvider', { onEventHandler: onEvent.fn });
      const make = (id: string, platform: PlatformApp['platform'], secretArn: string): PlatformApp => {
        const name = `${prefix}-${id.toLowerCase()}`;
        const secret = secretsmanager.Secret.fromSecretCompleteArn(this, `${id}Credentials`, secretArn);
        secret.grantRead(onEvent.fn);
        const app = new CustomResource(this, `${id}PlatformApplication`, {
          serviceToken: provider.serviceToken,
          resourceType: 'Custom::SnsPlatformApplication',
          properties: { Name: name, Platform: platform, SecretArn: secretArn, EventsTopicArn: this.endpointEvents.topicArn },
        });
        return { platform, name, arn: app.getAttString('Arn') };
      };
      if (push.fcmSecretArn) this.android = make('Android', 'GCM', push.fcmSecretArn);
      if (push.apnsSecretArn) this.ios = make('Ios', push.apnsSandbox ? 'APNS_SANDBOX' : 'APNS', push.apnsSecretArn);
      const apps = [this.android, this.ios].filter((a): a is PlatformApp => Boolean(a));
      onEvent.fn.addToRolePolicy(new iam.PolicyStatement({
        actions: ['sns:CreatePlatformApplication', 'sns:SetPlatformApplicationAttributes', 'sns:DeletePlatformApplication'],
        resources: apps.map((a) => this.formatArn({ service: 'sns', resource: 'app', resourceName: `${a.platform}/${a.name}` })),
      }));
      // Setting the event attributes makes SNS check that the caller may publish to the topic.
      onEvent.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: [this.endpointEvents.topicArn] }));
      acknowledge(
        provider,
        { id: managedPolicyFinding('service-role/AWSLambdaBasicExecutionRole'), reason: 'CDK\'s custom resource provider framework (runs only at deploy) logs with the AWS-managed basic execution policy.' },
        { id: 'AwsSolutions-L1', reason: 'The runtime of CDK\'s provider framework function is chosen by CDK, and it runs only at deploy time.' },
      );
      acknowledge(onEvent, {
        id: 'AwsSolutions-L1',
        reason: 'Node.js 22 is the project\'s pinned Lambda runtime (bundles target node20 to match local tooling); this handler runs only at deploy time.',
      });
      allowWildcards(provider, {
        finding: /^Resource::<[^>]*PlatformApplicationHandler[^>]*\.Arn>:\*$/,
        reason: 'The provider framework may invoke only its onEvent function (any version of it): CDK writes that grant.',
      });
    }

    new CfnOutput(this, 'PushEndpointEventsTopicArn', { value: this.endpointEvents.topicArn });
    if (this.android) new CfnOutput(this, 'AndroidPlatformApplicationArn', { value: this.android.arn });
    if (this.ios) new CfnOutput(this, 'IosPlatformApplicationArn', { value: this.ios.arn });
  }
}
