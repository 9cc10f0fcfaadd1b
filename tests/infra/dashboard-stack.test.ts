import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultApp } from './support/default-app';
import { fixtureDist } from './support/fixture-dist';
import { buildApp, type BuiltApp } from '../../infra/bin/build-app';

type Json = Record<string, any>;

/** Every statement of the policies attached to the role of a function whose logical id starts with `prefix`. */
function statementsOf(template: Template, prefix: string): Json[] {
  const roles = Object.keys(template.findResources('AWS::IAM::Role')).filter((id) => id.startsWith(prefix));
  expect(roles, prefix).toHaveLength(1);
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => JSON.stringify((p.Properties as Json).Roles).includes(roles[0]!))
    .flatMap((p) => (p.Properties as Json).PolicyDocument.Statement as Json[]);
}

/** Spec §2 /dashboard in AWS: its routes from the contract, and the positions consumer of the table stream. */
describe('dashboard wiring', () => {
  let built: BuiltApp;
  let api: Template;
  beforeAll(() => {
    // cdk-nag runs as a validation plugin in this synth: any finding on the new resources fails it.
    built = defaultApp();
    api = Template.fromStack(built.api);
  });

  it('gives each dashboard route its own function with the table only', () => {
    for (const op of ['fetchDashboard', 'fetchActiveDrivers', 'fetchDemand']) {
      const fn = built.api.routeFunctions.get(op);
      expect(fn, op).toBeDefined();
      const stack = Stack.of(fn!.fn);
      const roleId = stack.getLogicalId(fn!.role.node.defaultChild as never);
      const actions = Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy'))
        .filter((p) => JSON.stringify((p.Properties as Json).Roles).includes(roleId))
        .flatMap((p) => ((p.Properties as Json).PolicyDocument.Statement as Json[]).flatMap((st) => [st.Action].flat()));
      expect(actions.filter((a: string) => !a.startsWith('dynamodb:') && !a.startsWith('logs:')), op).toEqual([]);
      expect(actions, op).not.toContain('dynamodb:Scan');
    }
  });

  it('feeds driver state changes only to the positions consumer: filtered, batched for 2 s, bisected, with a dead-letter queue', () => {
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp('^DriverPositions') },
      BatchSize: 1000,
      MaximumBatchingWindowInSeconds: 2,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 2,
      MaximumRecordAgeInSeconds: 60,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^PositionFailures'), 'Arn'] } } },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { sk: { S: ['DRIVER'] } } } }) }] },
    });
    // The fan-out no longer wakes up for pings.
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp('^StreamFanOut') },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { sk: { S: [{ 'anything-but': ['DRIVER'] }] } } } }) }] },
    });
    api.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 4 * 24 * 3600 });
  });

  it('lets the positions consumer read the stream, read subscriptions, forget connections and post to the WebSocket API only', () => {
    const statements = statementsOf(api, 'DriverPositions');
    const actions = [...new Set(statements.flatMap((st) => [st.Action].flat()))].sort();
    expect(actions).toEqual([
      'dynamodb:DeleteItem', 'dynamodb:DescribeStream', 'dynamodb:GetItem', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator',
      'dynamodb:ListStreams', 'dynamodb:Query', 'execute-api:ManageConnections',
      'logs:CreateLogStream', 'logs:PutLogEvents',
      // Describing failed batches to its dead-letter queue.
      'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage',
    ]);
    const dlq = statements.find((st) => [st.Action].flat().includes('sqs:SendMessage'))!;
    expect(JSON.stringify(dlq.Resource)).toMatch(/PositionFailures/);
    const table = statements.find((st) => [st.Action].flat().includes('dynamodb:Query'))!;
    // The table itself, no index, no scan, no writes beyond forgetting a gone connection.
    expect(JSON.stringify(table.Resource)).not.toMatch(/index/);
    const posting = statements.find((st) => [st.Action].flat().includes('execute-api:ManageConnections'))!;
    expect(JSON.stringify(posting.Resource)).toMatch(/\/ws\/\*\/@connections\/\*/);
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Table stream consumer of driver state changes'),
      Timeout: 30,
    });
  });
});
