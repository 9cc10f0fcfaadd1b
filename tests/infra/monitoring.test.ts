import { NestedStack, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDist } from './support/fixture-dist';
import { buildApp, type BuiltApp } from '../../infra/bin/build-app';

type Json = Record<string, any>;

const options = {
  withCdkJsonContext: true,
  // Bundling is esbuild per handler: slow, and not what these tests check.
  context: { 'aws:cdk:bundling-stacks': [] },
  builtinCloudFormationValidation: false,
} as const;

/** Every stack of the app, nested ones included, with its template. */
function allStacks(built: BuiltApp): { stack: Stack; template: Template }[] {
  return built.app.node.findAll().filter((c): c is Stack => Stack.isStack(c)).map((stack) => ({ stack, template: Template.fromStack(stack) }));
}

/**
 * A reference as the stack that owns the resource sees it: a nested stack's parameter is followed to
 * the value its parent passes, so `{Ref: param}` in a nested template and `{Ref: fn}` in the parent
 * compare equal. Other values come back as JSON.
 */
function canonical(stack: Stack, value: unknown): string {
  const v = value as Json;
  const ref = typeof v === 'object' && v !== null ? (v.Ref as string | undefined) : undefined;
  if (ref && NestedStack.isNestedStack(stack)) {
    const parent = stack.nestedStackParent!;
    const resourceId = parent.getLogicalId(stack.nestedStackResource as never);
    const passed = (Template.fromStack(parent).toJSON().Resources[resourceId].Properties as Json).Parameters?.[ref];
    if (passed !== undefined) return canonical(parent, passed);
  }
  if (ref) return `${stack.node.path}#${ref}`;
  const att = typeof v === 'object' && v !== null ? (v['Fn::GetAtt'] as string[] | undefined) : undefined;
  if (att) return `${stack.node.path}#${att[0]}.${att[1]}`;
  return JSON.stringify(value);
}

interface AlarmInfo {
  stack: Stack;
  props: Json;
  /** Every metric of the alarm (one, or those of its math expression), with dimensions made canonical. */
  metrics: { metricName: string; dims: Record<string, string> }[];
}

function alarmsOf(built: BuiltApp): AlarmInfo[] {
  const out: AlarmInfo[] = [];
  for (const { stack, template } of allStacks(built)) {
    for (const a of Object.values(template.findResources('AWS::CloudWatch::Alarm'))) {
      const props = a.Properties as Json;
      const raw: { MetricName: string; Dimensions?: { Name: string; Value: unknown }[] }[] = props.MetricName
        ? [{ MetricName: props.MetricName, Dimensions: props.Dimensions }]
        : ((props.Metrics ?? []) as Json[]).filter((m) => m.MetricStat).map((m) => m.MetricStat.Metric);
      const metrics = raw.map((m) => ({
        metricName: m.MetricName,
        dims: Object.fromEntries((m.Dimensions ?? []).map((d) => [d.Name, canonical(stack, d.Value)])),
      }));
      out.push({ stack, props, metrics });
    }
  }
  return out;
}

/** Canonical keys of the functions, or queues, that some alarm watches with this metric. */
function watched(alarms: AlarmInfo[], metricName: string, dimension: string): Set<string> {
  return new Set(alarms.flatMap((a) => a.metrics.filter((m) => m.metricName === metricName).map((m) => m.dims[dimension]!)));
}

describe('monitoring', () => {
  let built: BuiltApp;
  let alarms: AlarmInfo[];
  beforeAll(() => {
    // cdk-nag runs in this synth as a validation plugin: a finding on the topic, key or alarms fails it.
    built = buildApp({ ...options, webDist: fixtureDist() });
    built.app.synth();
    alarms = alarmsOf(built);
  });

  it('has one dashboard with API, Lambda, table, stream, dead-letter and alarm widgets', () => {
    const api = Template.fromStack(built.api);
    api.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(Object.values(api.findResources('AWS::CloudWatch::Dashboard'))[0]!.Properties.DashboardBody);
    for (const text of ['5XXError', '4XXError', 'Latency', 'ConnectCount', 'MessageCount', 'Errors', 'Throttles', 'Duration',
      'ConsumedReadCapacityUnits', 'WriteThrottleEvents', 'IteratorAge', 'ApproximateNumberOfMessagesVisible', '\\"type\\":\\"alarm\\"']) {
      expect(body, text).toContain(text);
    }
    // Every alarm of the app is on it.
    for (const a of alarms) expect(body, a.props.AlarmName).toContain(`alarm:${a.props.AlarmName as string}`);
  });

  it('alarms on the errors of the addBooking function, in the stack that holds it', () => {
    const fn = built.api.routeFunctions.get('addBooking')!.fn;
    const stack = Stack.of(fn);
    Template.fromStack(stack).hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'ride-platform-dev-addBooking-errors',
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: stack.getLogicalId(fn.node.defaultChild as never) } }],
      TreatMissingData: 'notBreaching',
    });
  });

  it('alarms on the errors and throttles of every API and Cognito trigger function', () => {
    const errors = watched(alarms, 'Errors', 'FunctionName');
    const throttles = watched(alarms, 'Throttles', 'FunctionName');
    const functions = allStacks(built)
      .filter(({ stack }) => ([built.api, built.auth] as Stack[]).includes(stack) || stack.nestedStackParent === built.api)
      .flatMap(({ stack, template }) => Object.keys(template.findResources('AWS::Lambda::Function')).map((id) => `${stack.node.path}#${id}`));
    // Every route, the WebSocket handlers and consumers, and the four custom-auth triggers.
    expect(functions.length).toBeGreaterThan(built.api.routeFunctions.size + 10);
    for (const fn of functions) {
      expect(errors.has(fn), `errors alarm for ${fn}`).toBe(true);
      expect(throttles.has(fn), `throttles alarm for ${fn}`).toBe(true);
    }
    // Grouped throttles stay within CloudWatch's 10 metrics per alarm.
    for (const a of alarms) expect(a.metrics.length, a.props.AlarmName).toBeLessThanOrEqual(10);
  });

  it('alarms on the iterator age of every table-stream consumer', () => {
    const api = Template.fromStack(built.api);
    const consumers = Object.values(api.findResources('AWS::Lambda::EventSourceMapping'))
      .map((m) => m.Properties as Json)
      .filter((p) => JSON.stringify(p.EventSourceArn).includes('StreamArn'))
      .map((p) => canonical(built.api, p.FunctionName));
    expect(consumers).toHaveLength(2);
    const ages = watched(alarms, 'IteratorAge', 'FunctionName');
    for (const c of consumers) expect(ages.has(c), c).toBe(true);
    for (const a of alarms.filter((x) => x.props.MetricName === 'IteratorAge')) {
      expect(a.props).toMatchObject({ Statistic: 'Maximum', Threshold: 60_000, ComparisonOperator: 'GreaterThanThreshold' });
    }
  });

  it('alarms on the depth of every dead-letter queue and failure destination', () => {
    const dlqs = new Set<string>();
    for (const { stack, template } of allStacks(built)) {
      for (const q of Object.values(template.findResources('AWS::SQS::Queue'))) {
        const target = (q.Properties as Json).RedrivePolicy?.deadLetterTargetArn;
        if (target) dlqs.add(canonical(stack, target).replace(/\.Arn$/, ''));
      }
      for (const m of Object.values(template.findResources('AWS::Lambda::EventSourceMapping'))) {
        const dest = (m.Properties as Json).DestinationConfig?.OnFailure?.Destination;
        if (dest) dlqs.add(canonical(stack, dest).replace(/\.Arn$/, ''));
      }
    }
    // The jobs queue's dead letters and the two stream consumers' failure queues.
    expect(dlqs.size).toBe(3);
    const depths = new Set([...watched(alarms, 'ApproximateNumberOfMessagesVisible', 'QueueName')].map((q) => q.replace(/\.QueueName$/, '')));
    for (const q of dlqs) expect(depths.has(q), q).toBe(true);
  });

  it('alarms on table throttles and system errors', () => {
    const systemErrors = alarms.find((a) => a.props.AlarmName === 'ride-platform-dev-table-system-errors')!;
    expect(systemErrors.metrics.length).toBeGreaterThan(1);
    expect(systemErrors.metrics.every((m) => m.metricName === 'SystemErrors' && m.dims.Operation)).toBe(true);
    // The table's name, as the Data stack exports it.
    const tableId = built.data.getLogicalId(built.data.table.node.defaultChild as never);
    const exportName = Object.values(Template.fromStack(built.data).toJSON().Outputs as Json)
      .find((o: Json) => o.Value?.Ref === tableId && o.Export)?.Export.Name as string;
    const table = JSON.stringify({ 'Fn::ImportValue': exportName });
    for (const name of ['table-read-throttles', 'table-write-throttles', 'table-system-errors']) {
      const alarm = alarms.find((a) => a.props.AlarmName === `ride-platform-dev-${name}`)!;
      for (const m of alarm.metrics) expect(m.dims.TableName, name).toBe(table);
    }
  });

  it('sends every alarm, when it fires and when it clears, to the alarm topic', () => {
    const monitoring = Template.fromStack(built.monitoring);
    const topicId = built.monitoring.getLogicalId(built.monitoring.topic.node.defaultChild as never);
    const topic = `${built.monitoring.node.path}#${topicId}`;
    const exportName = Object.values(monitoring.toJSON().Outputs as Json)
      .find((o: Json) => o.Value?.Ref === topicId && o.Export)?.Export.Name as string | undefined;
    expect(alarms.length).toBeGreaterThan(built.api.routeFunctions.size);
    for (const a of alarms) {
      for (const key of ['AlarmActions', 'OKActions']) {
        const actions = a.props[key] as unknown[];
        expect(actions, `${a.props.AlarmName as string} ${key}`).toHaveLength(1);
        const target = canonical(a.stack, actions[0]);
        // In its own stack the topic is a Ref; elsewhere it is the import of its export.
        expect([topic, JSON.stringify({ 'Fn::ImportValue': exportName })], a.props.AlarmName).toContain(target);
      }
    }
  });

  it('encrypts the topic with a rotated key that CloudWatch alarms may use', () => {
    const monitoring = Template.fromStack(built.monitoring);
    monitoring.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.objectLike({ 'Fn::GetAtt': Match.anyValue() }) });
    monitoring.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: { Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] })]) },
    });
    monitoring.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('keeps every stack well under CloudFormation\'s 500-resource limit', () => {
    for (const { stack, template } of allStacks(built)) {
      const count = Object.keys(template.toJSON().Resources).length;
      // The Api stack holds every route's REST method and resource (about 350 resources with ~95
      // routes; the invoke permissions live with the functions in the area stacks). At 450 it is
      // time to move some areas' methods into nested stacks.
      const limit = stack === built.api ? 450 : 400;
      expect(count, stack.node.path).toBeLessThan(limit);
    }
  });
});

describe('alarm e-mail', () => {
  it('subscribes the address given as context alarmEmail to the alarm topic', () => {
    const withEmail = buildApp({ ...options, context: { ...options.context, alarmEmail: 'ops@example.com' }, webDist: fixtureDist(), nagChecks: false });
    Template.fromStack(withEmail.monitoring).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: withEmail.monitoring.getLogicalId(withEmail.monitoring.topic.node.defaultChild as never) },
    });
  });

  it('refuses an alarmEmail that is not an address', () => {
    expect(() => buildApp({ ...options, context: { ...options.context, alarmEmail: 'ops' }, webDist: fixtureDist(), nagChecks: false }))
      .toThrow(/alarmEmail/);
  });
});
