import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { AppConfig } from '../constructs/app-config';

export interface PushStackProps extends StackProps {
  config: AppConfig;
}

/** The SNS topic push notifications are published to. */
export class PushStack extends Stack {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: PushStackProps) {
    super(scope, id, props);
    this.topic = new sns.Topic(this, 'PushTopic', {
      displayName: `${props.config.prefix} push notifications`,
      // The AWS-managed key: encryption at rest without a customer key to administer or pay for.
      masterKey: kms.Alias.fromAliasName(this, 'AwsManagedSnsKey', 'alias/aws/sns'),
      enforceSSL: true,
    });
    new CfnOutput(this, 'PushTopicArn', { value: this.topic.topicArn });
  }
}
