import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** A function to watch, with the short label its alarms are named after (`addBooking`, `ws-connect`). */
export interface WatchedFunction {
  label: string;
  fn: lambda.IFunction;
}

/** A dead-letter or failure-destination queue, by label. */
export interface WatchedQueue {
  label: string;
  queue: sqs.IQueue;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * CloudWatch lets an alarm's metric math use at most 10 metrics, so grouped alarms (throttles of an
 * area's functions) are made per chunk of this many.
 */
export const ALARM_MATH_METRICS = 10;

/** A stream consumer is behind when its oldest record is older than this. */
export const ITERATOR_AGE_LIMIT = Duration.seconds(60);

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Metric ids must start with a lower-case letter and hold only letters, digits and '_'. */
const metricId = (s: string): string => s.replace(/[^a-zA-Z0-9_]/g, '_').replace(/^[^a-z]/, (c) => `m${c.toLowerCase()}`);

export interface AlarmsProps {
  /** `<app>-<stage>`: the first part of every alarm name. */
  prefix: string;
  /** Where every alarm notifies, when it fires and when it clears. */
  topic: sns.ITopic;
}

/**
 * The alarms of one scope (a stack or nested stack, next to what they watch, so no function or queue
 * name is exported between stacks). Each alarm has a fixed name, `<prefix>-<label>-<kind>`, that the
 * notification's subject shows and the dashboard finds it by; missing data (no traffic) is not a
 * breach.
 */
export class Alarms extends Construct {
  readonly alarms: cw.Alarm[] = [];
  /** The fixed names of every alarm made here (plain strings, usable in any stack). */
  readonly names: string[] = [];
  private readonly action: cwActions.SnsAction;

  constructor(scope: Construct, id: string, private readonly props: AlarmsProps) {
    super(scope, id);
    this.action = new cwActions.SnsAction(props.topic);
  }

  add(id: string, options: {
    name: string;
    description: string;
    metric: cw.IMetric;
    threshold: number;
    comparison?: cw.ComparisonOperator;
    evaluationPeriods?: number;
  }): cw.Alarm {
    const alarmName = `${this.props.prefix}-${options.name}`;
    const alarm = new cw.Alarm(this, id, {
      alarmName,
      alarmDescription: options.description,
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: options.comparison ?? cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      treatMissingData: cw.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    this.names.push(alarmName);
    return alarm;
  }

  /**
   * One errors alarm per function (an unhandled error or timeout is a bug worth a look), and the
   * throttles of the group summed (no function has reserved concurrency: a throttle means the
   * account's concurrency ran out, which shows on all of them at once).
   */
  functions(group: string, fns: readonly WatchedFunction[]): void {
    for (const { label, fn } of fns) {
      this.add(`${label}Errors`, {
        name: `${label}-errors`,
        description: `${label}: Lambda errors (unhandled exceptions, timeouts) in 5 minutes`,
        metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: cw.Stats.SUM }),
        threshold: 1,
      });
    }
    const parts = chunks(fns, ALARM_MATH_METRICS);
    parts.forEach((part, i) => {
      const suffix = parts.length > 1 ? `-${i + 1}` : '';
      const usingMetrics = Object.fromEntries(part.map(({ label, fn }) => [metricId(`t_${label}`), fn.metricThrottles({ period: FIVE_MINUTES })]));
      this.add(`${group}Throttles${i + 1}`, {
        name: `${group}-throttles${suffix}`,
        description: `Lambda throttles of ${part.map((f) => f.label).join(', ')} in 5 minutes`,
        metric: new cw.MathExpression({
          expression: `SUM([${Object.keys(usingMetrics).join(',')}])`,
          usingMetrics,
          label: `${group} throttles`,
          period: FIVE_MINUTES,
        }),
        threshold: 1,
      });
    });
  }

  /** A table-stream consumer whose oldest unprocessed record is over a minute old. */
  iteratorAge({ label, fn }: WatchedFunction): void {
    this.add(`${label}IteratorAge`, {
      name: `${label}-iterator-age`,
      description: `${label}: stream records wait longer than ${ITERATOR_AGE_LIMIT.toSeconds()} s (consumer behind or failing)`,
      metric: fn.metric('IteratorAge', { period: Duration.minutes(1), statistic: cw.Stats.MAXIMUM }),
      threshold: ITERATOR_AGE_LIMIT.toMilliseconds(),
      comparison: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
    });
  }

  /** Anything in a dead-letter queue is work that failed for good. */
  queueDepth({ label, queue }: WatchedQueue): void {
    this.add(`${label}Depth`, {
      name: `${label}-dlq-depth`,
      description: `${label}: messages in the dead-letter queue (failed for good; inspect and redrive)`,
      metric: queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: cw.Stats.MAXIMUM }),
      threshold: 1,
    });
  }
}

export interface OperationsDashboardProps {
  prefix: string;
  restStage: apigw.Stage;
  webSocket: { apiId: string; stage: string };
  /** Route functions by area: each area is one line in the grouped Lambda graphs. */
  areas: readonly { area: string; fns: readonly WatchedFunction[] }[];
  /** WebSocket handlers, stream and queue consumers: one line each. */
  platform: readonly WatchedFunction[];
  streamConsumers: readonly WatchedFunction[];
  table: dynamodb.ITable;
  queues: readonly WatchedQueue[];
  /** Every alarm of the app, by name (they live in several stacks; names are fixed). */
  alarmNames: readonly string[];
  /**
   * The functions' Powertools metrics namespace (POWERTOOLS_METRICS_NAMESPACE): the dashboard
   * graphs its cold starts per function and the bookings created.
   */
  metricsNamespace?: string;
}

/**
 * A graph of every series of one Powertools metric in the namespace (one line per dimension value,
 * e.g. per function for ColdStart). SEARCH
 * finds series as they appear, so a new service or function needs no dashboard change (dashboards
 * may use SEARCH; alarms may not).
 */
export function powertoolsSearch(namespace: string, metricName: string, dimensions: readonly string[], label: string): cw.MathExpression {
  const schema = [namespace, ...dimensions].map((d) => `"${d}"`).join(',');
  return new cw.MathExpression({
    expression: `SEARCH('{${schema}} MetricName="${metricName}"', 'Sum', 300)`,
    label,
    period: FIVE_MINUTES,
    usingMetrics: {},
  });
}

/** CloudWatch shows at most 100 alarms in one alarm status widget. */
const ALARMS_PER_STATUS_WIDGET = 100;

/**
 * One dashboard for the stage: REST and WebSocket traffic, Lambda errors, throttles and p99
 * duration (route functions grouped by area), the table's capacity and throttles, stream lag,
 * dead-letter depths, and the state of every alarm.
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: cw.Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const period = FIVE_MINUTES;
    const d = new cw.Dashboard(this, 'Dashboard', {
      dashboardName: `${props.prefix}-operations`,
      defaultInterval: Duration.hours(3),
    });
    this.dashboard = d;

    const rest = props.restStage;
    d.addWidgets(new cw.TextWidget({ markdown: `# ${props.prefix}: REST API`, width: 24, height: 1 }));
    d.addWidgets(
      new cw.GraphWidget({ title: 'REST requests', left: [rest.metricCount({ period, statistic: cw.Stats.SUM })], width: 6 }),
      new cw.GraphWidget({
        title: 'REST 4xx / 5xx',
        left: [rest.metricClientError({ period, statistic: cw.Stats.SUM }), rest.metricServerError({ period, statistic: cw.Stats.SUM })],
        width: 6,
      }),
      new cw.GraphWidget({
        title: 'REST latency',
        left: [rest.metricLatency({ period, statistic: cw.Stats.p(50) }), rest.metricLatency({ period, statistic: cw.Stats.p(99) })],
        width: 6,
      }),
      new cw.GraphWidget({
        title: 'WebSocket',
        left: ['ConnectCount', 'MessageCount'].map((m) => this.webSocketMetric(props, m)),
        right: ['ClientError', 'ExecutionError', 'IntegrationError'].map((m) => this.webSocketMetric(props, m)),
        width: 6,
      }),
    );

    // Route functions grouped per area (one line each); the platform functions one line each.
    const grouped = (kind: 'e' | 't' | 'd') => props.areas.map(({ area, fns }) => {
      const usingMetrics = Object.fromEntries(fns.map(({ label, fn }) => [
        metricId(`${kind}_${area}_${label}`),
        kind === 'e' ? fn.metricErrors({ period }) : kind === 't' ? fn.metricThrottles({ period }) : fn.metricDuration({ period, statistic: cw.Stats.p(99) }),
      ]));
      const ids = Object.keys(usingMetrics).join(',');
      return new cw.MathExpression({ expression: kind === 'd' ? `MAX([${ids}])` : `SUM([${ids}])`, usingMetrics, label: area, period });
    });
    const single = (kind: 'e' | 't' | 'd') => props.platform.map(({ label, fn }) =>
      kind === 'e' ? fn.metricErrors({ period, label }) : kind === 't' ? fn.metricThrottles({ period, label }) : fn.metricDuration({ period, label, statistic: cw.Stats.p(99) }));
    d.addWidgets(new cw.TextWidget({ markdown: '# Lambda (route functions summed per area; p99 is the slowest function of the area)', width: 24, height: 1 }));
    d.addWidgets(
      new cw.GraphWidget({ title: 'Route errors by area', left: grouped('e'), width: 8, height: 8, legendPosition: cw.LegendPosition.RIGHT }),
      new cw.GraphWidget({ title: 'Route throttles by area', left: grouped('t'), width: 8, height: 8, legendPosition: cw.LegendPosition.RIGHT }),
      new cw.GraphWidget({ title: 'Route duration p99 by area', left: grouped('d'), width: 8, height: 8, legendPosition: cw.LegendPosition.RIGHT }),
    );
    d.addWidgets(
      new cw.GraphWidget({ title: 'WebSocket, stream and job functions: errors', left: single('e'), width: 8 }),
      new cw.GraphWidget({ title: 'WebSocket, stream and job functions: throttles', left: single('t'), width: 8 }),
      new cw.GraphWidget({ title: 'WebSocket, stream and job functions: duration p99', left: single('d'), width: 8 }),
    );

    const { table } = props;
    d.addWidgets(new cw.TextWidget({ markdown: '# Table, stream and dead letters', width: 24, height: 1 }));
    d.addWidgets(
      new cw.GraphWidget({
        title: 'Table consumed capacity',
        left: [table.metricConsumedReadCapacityUnits({ period }), table.metricConsumedWriteCapacityUnits({ period })],
        width: 6,
      }),
      new cw.GraphWidget({
        title: 'Table throttles and system errors',
        left: ['ReadThrottleEvents', 'WriteThrottleEvents'].map((m) => table.metric(m, { period, statistic: cw.Stats.SUM })),
        right: [tableSystemErrors(table, period)],
        width: 6,
      }),
      new cw.GraphWidget({
        title: 'Stream iterator age (max)',
        left: props.streamConsumers.map(({ label, fn }) => fn.metric('IteratorAge', { period: Duration.minutes(1), statistic: cw.Stats.MAXIMUM, label })),
        leftAnnotations: [{ value: ITERATOR_AGE_LIMIT.toMilliseconds(), label: 'alarm' }],
        width: 6,
      }),
      new cw.GraphWidget({
        title: 'Dead-letter queue depth',
        left: props.queues.map(({ label, queue }) => queue.metricApproximateNumberOfMessagesVisible({ period, statistic: cw.Stats.MAXIMUM, label })),
        width: 6,
      }),
    );

    if (props.metricsNamespace) {
      const ns = props.metricsNamespace;
      d.addWidgets(new cw.TextWidget({ markdown: `# Application metrics (namespace \`${ns}\`, Powertools)`, width: 24, height: 1 }));
      d.addWidgets(
        new cw.GraphWidget({ title: 'Cold starts by function', left: [powertoolsSearch(ns, 'ColdStart', ['function_name', 'service'], 'cold starts')], width: 12 }),
        new cw.GraphWidget({ title: 'Bookings created', left: [powertoolsSearch(ns, 'BookingsCreated', ['service'], 'bookings')], width: 12 }),
      );
    }

    const alarms = props.alarmNames.map((name, i) => cw.Alarm.fromAlarmName(this, `Alarm${i}`, name));
    const parts = chunks(alarms, ALARMS_PER_STATUS_WIDGET);
    parts.forEach((part, i) => {
      d.addWidgets(new cw.AlarmStatusWidget({
        title: parts.length > 1 ? `Alarms (${i + 1}/${parts.length})` : 'Alarms',
        alarms: part,
        width: 24,
        height: 6,
        sortBy: cw.AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
      }));
    });
  }

  private webSocketMetric(props: OperationsDashboardProps, metricName: string): cw.Metric {
    return new cw.Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensionsMap: { ApiId: props.webSocket.apiId, Stage: props.webSocket.stage },
      statistic: cw.Stats.SUM,
      period: FIVE_MINUTES,
    });
  }
}

/**
 * The table's SystemErrors summed over the operations the app uses (the metric is per operation;
 * an alarm's math may use at most 10 metrics).
 */
export function tableSystemErrors(table: dynamodb.ITable, period: Duration = FIVE_MINUTES): cw.IMetric {
  const ops = ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems', 'TransactGetItems', 'GetRecords'];
  const usingMetrics = Object.fromEntries(ops.map((op) => [
    metricId(`s_${op}`),
    table.metric('SystemErrors', { period, statistic: cw.Stats.SUM, dimensionsMap: { TableName: table.tableName, Operation: op } }),
  ]));
  return new cw.MathExpression({ expression: `SUM([${Object.keys(usingMetrics).join(',')}])`, usingMetrics, label: 'SystemErrors', period });
}
