import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { AppConfig } from '../constructs/app-config';
import { Alarms, tableSystemErrors } from '../constructs/monitoring';

export interface MonitoringStackProps extends StackProps {
  config: AppConfig;
  table: dynamodb.ITable;
}

/**
 * Where alarms notify: one topic (e-mail subscription when context `alarmEmail` is given), and the
 * table's alarms. It comes before the Auth and Api stacks, whose alarms live next to the functions
 * and queues they watch and send to this topic; the dashboard is in the Api stack.
 */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { prefix, alarmEmail } = props.config;
    // Encrypted at rest, but not with the AWS-managed key the push topic uses: that key's policy
    // cannot be changed and does not let CloudWatch alarms encrypt, so every notification would
    // fail. This key lets the alarm service (and only it, besides the account) use it.
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: `${prefix}: encrypts the alarm notification topic`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.addToResourcePolicy(new iam.PolicyStatement({
      sid: 'CloudWatchAlarmsPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
    }));
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `${prefix} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(alarmEmail));

    this.alarms = new Alarms(this, 'Alarms', { prefix, topic: this.topic });
    const { table } = props;
    for (const [metric, label] of [['ReadThrottleEvents', 'read'], ['WriteThrottleEvents', 'write']] as const) {
      this.alarms.add(`Table${metric}`, {
        name: `table-${label}-throttles`,
        description: `Table: ${metric} (on-demand capacity or a hot partition) in 5 minutes; the SDK retries, so only a run of them`,
        metric: table.metric(metric, { period: Duration.minutes(5), statistic: cw.Stats.SUM }),
        threshold: 10,
      });
    }
    this.alarms.add('TableSystemErrors', {
      name: 'table-system-errors',
      description: 'Table: DynamoDB system errors (HTTP 500 from the service) in 5 minutes',
      metric: tableSystemErrors(table),
      threshold: 1,
    });

    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn });
  }
}
