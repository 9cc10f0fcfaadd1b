import { CfnOutput, Duration, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SnsEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../lambdas/src/adapters/dynamodb/table-definition';
import { type AnyRoute, handlerEntry } from '../../shared/src/contract/route';
import { routes as contractRoutes } from '../../shared/src/contract/routes';
import type { AppConfig } from '../constructs/app-config';
import { Alarms, OperationsDashboard, type WatchedFunction, type WatchedQueue } from '../constructs/monitoring';
import { acknowledge, allowWildcards, managedPolicyFinding } from '../constructs/nag';
import { FAN_OUT_RETRY, POSITIONS_RETRY } from '../constructs/stream-retries';
import { assertHandlerEntries, NodeFunction, observability } from '../constructs/node-function';
import { RateLimitedWebAcl } from '../constructs/waf';
import type { PlatformApp } from './push-stack';
import { type Capability, capabilitiesOf, indexedReadActions, keyedTableActions, readOnlyTableActions } from './route-grants';
import { API_SECURITY_HEADERS, CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS, CORS_EXPOSE_HEADERS, CORS_MAX_AGE_SECONDS } from '../../shared/src/contract/security-headers';

/** The statement that lets a function send SMS to phone numbers (no resource ARN exists for them). */
export const DIRECT_SMS_SID = 'DirectSms';
/** The fan-out's one e-mail grant: trip receipts, from the stage's sender only. */
export const RECEIPT_EMAIL_SID = 'ReceiptEmail';

export const WS_ENTRIES = {
  connect: 'lambdas/src/ws/connect.ts',
  disconnect: 'lambdas/src/ws/disconnect.ts',
  message: 'lambdas/src/ws/default.ts',
} as const;
export const STREAM_ENTRY = 'lambdas/src/streams/fan-out.ts';
export const POSITIONS_ENTRY = 'lambdas/src/streams/driver-positions.ts';
/** Stream records of driver state items (pings): the positions consumer's alone. */
const DRIVER_STATE = { dynamodb: { Keys: { sk: { S: lambda.FilterRule.isEqual('DRIVER') } } } };
export const JOBS_ENTRY = 'lambdas/src/jobs/dispatch-jobs.ts';
export const DOCUMENT_CHECKS_ENTRY = 'lambdas/src/jobs/document-checks.ts';
export const PUSH_EVENTS_ENTRY = 'lambdas/src/streams/push-endpoint-events.ts';

/** The REST stage; also the first path segment, so CloudFront can forward `/api/*` unchanged. */
export const REST_STAGE = 'api';
export const WS_STAGE = 'ws';
/**
 * What every function is told on a stage with context `localStandIns` (the local cloud's deployed
 * mode): nothing can be texted, mailed or pushed from there, and no SQS, Scheduler or Amazon
 * Location exists, so the configuration picks the stand-ins the composition root already has.
 */
export const LOCAL_STAND_INS = {
  SMS_DELIVERY: 'outbox', EMAIL_DELIVERY: 'outbox', PUSH_DELIVERY: 'outbox', WEB_PUSH_LOOPBACK: 'on',
  JOB_DELIVERY: 'table', GEO_PROVIDER: 'offline',
} as const;

export interface GeoRefs {
  placeIndexName: string;
  placeIndexArn: string;
  routeCalculatorName: string;
  routeCalculatorArn: string;
}

export interface ApiStackProps extends StackProps {
  config: AppConfig;
  table: dynamodb.ITable;
  uploadsBucket: s3.IBucket;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** Mobile push: the platform applications the stage has credentials for, and their endpoint events topic. */
  push: { endpointEvents: sns.ITopic; android?: PlatformApp; ios?: PlatformApp };
  geo: GeoRefs;
  /** Defaults to the contract's route table; tests may pass a subset. */
  routes?: readonly AnyRoute[];
  /**
   * Alarms (next to what they watch) notify this topic; the dashboard also shows the alarms of
   * other stacks, named here. Without it the stack has no alarms and no dashboard.
   */
  monitoring?: { topic: sns.ITopic; otherAlarmNames: readonly string[] };
}

/** API access logs: three months in development, the stage's log retention when that is longer. */
const accessLogRetention = (config: AppConfig): logs.RetentionDays =>
  Math.max(config.profile.logRetentionDays, logs.RetentionDays.THREE_MONTHS) as logs.RetentionDays;

const pascal = (s: string): string =>
  s.replace(/(^|[^a-zA-Z0-9]+)([a-zA-Z0-9])/g, (_, __, c: string) => c.toUpperCase());

const routeLabel = (r: AnyRoute): string => `${r.method} ${r.path} (${r.operationId})`;

const WILDCARD_REASONS = {
  connections: {
    finding: /^Resource::arn:[^:]+:execute-api:[^:]+:[^:]+:[^/]+\/ws\/\*\/@connections\/\*$/,
    reason: 'PostToConnection/DeleteConnection target connection ids that exist only at run time; the grant is limited to this API\'s ws stage.',
  },
  listStreams: {
    finding: /^Resource::\*$/,
    reason: 'dynamodb:ListStreams has no resource-level permissions (the event source mapping adds it); stream reads themselves are scoped to the table stream ARN.',
  },
  schedules: {
    finding: /^Resource::arn:[^:]+:scheduler:[^:]+:.+:schedule\/<[^>]*JobSchedules[^>]*>\/\*$/,
    reason: 'Each Book Later booking gets its own one-time schedule, named at run time; the grant is limited to this stack\'s jobs schedule group.',
  },
  pushEndpoints: {
    finding: /^Resource::arn:[^:]+:sns:[^:]+:.+:endpoint\/(GCM|APNS|APNS_SANDBOX)\/[a-z0-9-]+\/\*$/,
    reason: 'Each device gets its own SNS platform endpoint at run time; the grant is limited to the endpoints of this stage\'s platform applications.',
  },
  uploadObjects: {
    finding: /^Resource::.*Uploads.*\/\*$/,
    reason: 'Presigned uploads and downloads address objects whose keys are made at run time; the grant is limited to the uploads bucket\'s objects.',
  },
} as const;

/**
 * The HTTP and realtime edge: the REST API built from the contract's route table (one Lambda per
 * route), the WebSocket API, and the table-stream consumer that fans changes out to sockets and push.
 */
export class ApiStack extends Stack {
  readonly restApi: apigw.RestApi;
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly webSocketStage: apigwv2.WebSocketStage;
  /** The function behind each route, by operationId (for tests and future wiring). */
  readonly routeFunctions = new Map<string, NodeFunction>();
  /** Timer jobs: dispatch rounds (delayed messages) and Book Later starts and give-ups (schedules). */
  readonly jobsQueue: sqs.Queue;
  readonly jobsFunction: NodeFunction;
  /** The daily driver documents check and its schedule. */
  readonly documentChecksFunction: NodeFunction;
  documentChecksSchedule!: scheduler.CfnSchedule;
  readonly scheduleGroup: scheduler.CfnScheduleGroup;
  readonly schedulerRole: iam.Role;
  /** The test gateway's signing key, when the stage switches the test gateway on. */
  readonly testGatewayKey?: secretsmanager.Secret;
  /** Stripe's API key and webhook signing secret (set after deploy), when the stage switches Stripe on. */
  readonly stripeKeys?: secretsmanager.Secret;
  /** Web Push's VAPID keys, JSON {"publicKey","privateKey","subject"}; set after deploy. */
  readonly webPushKeys: secretsmanager.Secret;
  /** WebSocket handlers and the stream, queue and topic consumers (not the route functions). */
  readonly platformFunctions: WatchedFunction[] = [];
  /** The consumers of the table stream. */
  readonly streamConsumers: WatchedFunction[] = [];
  /** Every dead-letter queue and failure destination of this stack. */
  readonly deadLetterQueues: WatchedQueue[] = [];
  /** The stack's own alarms: one per area nested stack (route functions), and one for the rest. */
  readonly alarms: Alarms[] = [];
  readonly dashboard?: OperationsDashboard;
  /** The REST stage's AWS WAF web ACL. */
  webAcl!: RateLimitedWebAcl;

  private readonly props: ApiStackProps;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.props = props;
    const { config } = props;
    const routes = props.routes ?? contractRoutes;

    // Every handler must exist before anything is built; one message lists all that are missing.
    assertHandlerEntries([
      ...routes.map((r) => ({ label: routeLabel(r), entry: handlerEntry(r) })),
      { label: 'WebSocket $connect', entry: WS_ENTRIES.connect },
      { label: 'WebSocket $disconnect', entry: WS_ENTRIES.disconnect },
      { label: 'WebSocket $default', entry: WS_ENTRIES.message },
      { label: 'table stream consumer', entry: STREAM_ENTRY },
      { label: 'timer jobs consumer', entry: JOBS_ENTRY },
      { label: 'daily documents check', entry: DOCUMENT_CHECKS_ENTRY },
      { label: 'push endpoint events consumer', entry: PUSH_EVENTS_ENTRY },
    ]);

    // Timers first: every function that schedules one gets the queue and group in its environment.
    const jobsDlq = new sqs.Queue(this, 'JobsDeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(jobsDlq, { id: 'AwsSolutions-SQS3', reason: 'This queue is itself the dead-letter queue of the jobs queue.' });
    this.deadLetterQueues.push({ label: 'jobs', queue: jobsDlq });
    this.jobsQueue = new sqs.Queue(this, 'Jobs', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the consumer's timeout, as Lambda's SQS event source recommends.
      visibilityTimeout: Duration.seconds(180),
      deadLetterQueue: { queue: jobsDlq, maxReceiveCount: 5 },
    });
    this.scheduleGroup = new scheduler.CfnScheduleGroup(this, 'JobSchedules', { name: `${config.prefix}-jobs` });
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler drops Book Later jobs into the jobs queue',
    });
    this.jobsQueue.grantSendMessages(this.schedulerRole);

    // Payment secrets: generated for the test gateway; a placeholder for Stripe that the deployer
    // fills with `aws secretsmanager put-secret-value` (docs/deploy.md), never a value in a template.
    if (config.testGateway) {
      this.testGatewayKey = new secretsmanager.Secret(this, 'TestGatewayKey', {
        description: 'Signing key of the built-in test payment gateway',
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
      });
      acknowledge(this.testGatewayKey, { id: 'AwsSolutions-SMG4', reason: 'A test gateway key signs only test payments; rotating it would invalidate confirmations in flight for no gain.' });
    }
    if (config.stripe) {
      this.stripeKeys = new secretsmanager.Secret(this, 'StripeKeys', {
        description: 'Stripe keys as JSON {"apiKey","webhookSecret"}; set after deploy',
        generateSecretString: { secretStringTemplate: JSON.stringify({ apiKey: '', webhookSecret: '' }), generateStringKey: 'placeholder' },
      });
      acknowledge(this.stripeKeys, { id: 'AwsSolutions-SMG4', reason: 'Stripe keys are rotated in the Stripe dashboard and then put here; Secrets Manager cannot rotate them itself.' });
    }

    // Web Push (browsers) signs with a VAPID key pair the deployer makes once
    // (`npx web-push generate-vapid-keys --json`, plus a mailto: subject) and puts here; until then
    // browsers get no key and `WEB` devices are unreachable, as a platform without credentials is.
    this.webPushKeys = new secretsmanager.Secret(this, 'WebPushKeys', {
      description: 'Web Push VAPID keys as JSON {"publicKey","privateKey","subject"}; set after deploy',
      generateSecretString: { secretStringTemplate: JSON.stringify({ publicKey: '', privateKey: '', subject: '' }), generateStringKey: 'placeholder' },
    });
    acknowledge(this.webPushKeys, { id: 'AwsSolutions-SMG4', reason: 'A new VAPID key pair invalidates every browser subscription; keys are replaced by the deployer, not rotated.' });

    // The WebSocket API comes first: every function gets its callback URL.
    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      apiName: `${config.prefix}-ws`,
      description: 'Realtime topics (bookings, offers, tracking, chat)',
    });
    const wsAccessLogs = new logs.LogGroup(this, 'WebSocketAccessLogs', {
      retention: accessLogRetention(config),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.webSocketStage = new apigwv2.WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: WS_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(wsAccessLogs),
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            eventType: '$context.eventType',
            connectionId: '$context.connectionId',
            status: '$context.status',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    const environment = this.lambdaEnvironment();
    this.restApi = this.buildRestApi(routes, environment);
    this.buildWebSocketRoutes(environment);
    this.buildStreamConsumer(environment);
    this.buildPositionsConsumer(environment);
    this.jobsFunction = this.buildJobsConsumer(environment);
    this.documentChecksFunction = this.buildDocumentChecks(environment);
    this.buildPushEndpointEventsConsumer(environment);

    if (props.monitoring) this.dashboard = this.buildMonitoring(routes, props.monitoring);

    allowWildcards(this, WILDCARD_REASONS.connections, WILDCARD_REASONS.uploadObjects, WILDCARD_REASONS.schedules, WILDCARD_REASONS.pushEndpoints);
    acknowledge(this, {
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the project\'s pinned Lambda runtime (bundles target node20 to match local tooling); moving to 24 is a deliberate upgrade, not a drift.',
    });

    new CfnOutput(this, 'RestApiUrl', { value: this.restApi.url });
    new CfnOutput(this, 'WebSocketUrl', { value: this.webSocketStage.url });
    new CfnOutput(this, 'WebSocketCallbackUrl', { value: this.webSocketStage.callbackUrl });
    if (this.testGatewayKey) new CfnOutput(this, 'TestGatewaySecretArn', { value: this.testGatewayKey.secretArn });
    if (this.stripeKeys) new CfnOutput(this, 'StripeKeysSecretArn', { value: this.stripeKeys.secretArn });
    new CfnOutput(this, 'WebPushKeysSecretArn', { value: this.webPushKeys.secretArn });
  }

  /** The variables lambdas/src/config.ts reads; the same set for every function. */
  private lambdaEnvironment(): Record<string, string> {
    const { config, table, userPool, userPoolClient, uploadsBucket, geo } = this.props;
    return {
      TABLE_NAME: table.tableName,
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: userPoolClient.userPoolClientId,
      UPLOAD_BUCKET: uploadsBucket.bucketName,
      WS_CALLBACK_URL: this.webSocketStage.callbackUrl,
      PLACE_INDEX_NAME: geo.placeIndexName,
      ROUTE_CALCULATOR_NAME: geo.routeCalculatorName,
      JOB_QUEUE_URL: this.jobsQueue.queueUrl,
      JOB_QUEUE_ARN: this.jobsQueue.queueArn,
      SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
      SCHEDULE_GROUP: this.scheduleGroup.ref,
      ...(config.licenseCheckUrl ? { LICENSE_CHECK_URL: config.licenseCheckUrl } : {}),
      PAYMENT_TEST_GATEWAY: config.testGateway ? 'on' : 'off',
      STRIPE: config.stripe ? 'on' : 'off',
      // Where a hosted payment page may send the browser back (checkout's return address), not CORS:
      // the site's CloudFront domain is made after this stack, so without a configured origin the
      // return address is the caller's own Origin (as before). CORS never reads '*' (httpHandler).
      SITE_ORIGINS: config.siteOrigins.length > 0 ? config.siteOrigins.join(',') : '*',
      // Links sent by SMS (a parcel recipient's trip link) point at the site's first configured origin;
      // without one no such SMS is sent (the CloudFront domain is made after this stack).
      ...(config.siteOrigins[0] ? { SITE_URL: config.siteOrigins[0] } : {}),
      ...(config.push.outbox ? { PUSH_DELIVERY: 'outbox' } : {}),
      ...(this.props.push.android ? { PUSH_ANDROID_APP_ARN: this.props.push.android.arn } : {}),
      ...(this.props.push.ios ? { PUSH_IOS_APP_ARN: this.props.push.ios.arn } : {}),
      ...(this.testGatewayKey ? { TEST_GATEWAY_SECRET_ARN: this.testGatewayKey.secretArn } : {}),
      ...(this.stripeKeys ? { STRIPE_SECRET_ARN: this.stripeKeys.secretArn } : {}),
      WEB_PUSH_SECRET_ARN: this.webPushKeys.secretArn,
      ...(config.localStandIns ? LOCAL_STAND_INS : {}),
    };
  }

  private buildRestApi(routes: readonly AnyRoute[], environment: Record<string, string>): apigw.RestApi {
    const { config, userPool } = this.props;
    const accessLogs = new logs.LogGroup(this, 'RestAccessLogs', {
      retention: accessLogRetention(config),
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const api = new apigw.RestApi(this, 'RestApi', {
      restApiName: `${config.prefix}-api`,
      description: 'REST API generated from shared/src/contract/routes.ts',
      // CloudFront fronts it already; an edge-optimized endpoint would add a second distribution.
      endpointConfiguration: { types: [apigw.EndpointType.REGIONAL] },
      // Execution logging needs the account-level CloudWatch role. It is retained on delete because
      // it is an account setting other APIs may rely on.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: REST_STAGE,
        throttlingRateLimit: 100,
        throttlingBurstLimit: 200,
        // The contract's per-route limits (public identity calls); the local gateway applies the same.
        methodOptions: Object.fromEntries(routes.filter((r) => r.throttle).map((r) => [
          `${r.path}/${r.method}`,
          { throttlingRateLimit: r.throttle!.ratePerSecond, throttlingBurstLimit: r.throttle!.burst },
        ])),
        // X-Ray traces start at the gateway and continue into the handlers (active tracing).
        tracingEnabled: true,
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields(),
      },
      // CORS for the site's other origins only (custom domain, context siteOrigins), never '*'. The
      // site calls the API on its own origin (CloudFront's /api/*), which needs no preflight; with
      // no other origin configured there is none, and a foreign page's preflight finds no method.
      ...(config.siteOrigins.length > 0 ? {
        defaultCorsPreflightOptions: {
          allowOrigins: config.siteOrigins,
          allowMethods: [...CORS_ALLOW_METHODS],
          allowHeaders: [...apigw.Cors.DEFAULT_HEADERS, ...CORS_ALLOW_HEADERS],
          maxAge: Duration.seconds(CORS_MAX_AGE_SECONDS),
        },
      } : {}),
    });

    this.addGatewayResponses(api, config.siteOrigins);

    const authorizer = new apigw.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      authorizerName: `${config.prefix}-cognito`,
      cognitoUserPools: [userPool],
      identitySource: apigw.IdentitySource.header('Authorization'),
      resultsCacheTtl: Duration.minutes(5),
    });

    // Functions live in one nested stack per area: with ~8 resources per route, the spec's ~60
    // operations would pass CloudFormation's 500-resource limit in a single stack. Methods and
    // resources stay here, next to the API; each invoke permission goes with its function.
    const areaStacks = new Map<string, NestedStack>();
    for (const route of routes) {
      let area = areaStacks.get(route.area);
      if (!area) {
        area = new NestedStack(this, `Http${pascal(route.area)}`, {
          description: `Lambda handlers of the ${route.area} routes`,
        });
        areaStacks.set(route.area, area);
      }
      const handler = new NodeFunction(area, pascal(route.operationId), {
        entry: handlerEntry(route),
        description: `${route.method} ${route.path} (${route.operationId})`,
        environment,
        observability: observability(config),
      });
      this.routeFunctions.set(route.operationId, handler);
      const exact = readOnlyTableActions(route) ?? keyedTableActions(route);
      const indexed = indexedReadActions(route);
      if (indexed) this.grantIndexedReads(handler.fn, indexed);
      else if (exact) this.grantTableReads(handler.fn, exact);
      else this.grantTable(handler.fn);
      for (const capability of capabilitiesOf(route)) this.grantCapability(handler.fn, capability);

      const resource = api.root.resourceForPath(route.path);
      // A Lambda proxy integration whose invoke permission lives with the function, in the area's
      // nested stack. LambdaIntegration would put one permission per method into this stack,
      // which is near CloudFormation's 500-resource limit; the permission is the same (this
      // method's ARN on this stage only).
      const integration = new apigw.Integration({
        type: apigw.IntegrationType.AWS_PROXY,
        integrationHttpMethod: 'POST',
        uri: `arn:${this.partition}:apigateway:${this.region}:lambda:path/2015-03-31/functions/${handler.fn.functionArn}/invocations`,
      });
      handler.fn.addPermission('RestInvoke', {
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: api.arnForExecuteApi(route.method, route.path.replace(/\{[^}]+\}/g, '*'), REST_STAGE),
      });
      const method =
        route.auth === 'public'
          ? resource.addMethod(route.method, integration, {
              operationName: route.operationId,
              authorizationType: apigw.AuthorizationType.NONE,
            })
          : resource.addMethod(route.method, integration, {
              operationName: route.operationId,
              authorizationType: apigw.AuthorizationType.COGNITO,
              authorizer,
            });
      if (route.auth === 'public') {
        const reason = `Public by contract: ${routeLabel(route)} is declared auth: 'public' in shared/src/contract.`;
        acknowledge(method, { id: 'AwsSolutions-APIG4', reason }, { id: 'AwsSolutions-COG4', reason });
      }
    }

    // CORS preflight must answer without a token (browsers never send one on OPTIONS).
    for (const method of api.methods) {
      if (method.httpMethod !== 'OPTIONS') continue;
      const reason = 'CORS preflight: browsers send OPTIONS without credentials; it returns headers only (mock integration).';
      acknowledge(method, { id: 'AwsSolutions-APIG4', reason }, { id: 'AwsSolutions-COG4', reason });
    }

    acknowledge(
      api,
      {
        id: 'AwsSolutions-APIG2',
        reason: 'Each handler validates params, query and body against the contract\'s zod schemas (httpHandler); API Gateway models would be a second copy that drifts.',
      },
    );

    // AWS WAF on the stage: AWS's common rule set and per-client rate limits. The site's traffic
    // reaches the stage through CloudFront, whose own web ACL limits each viewer IP; here the
    // viewer is the first X-Forwarded-For address (CloudFront appends it), and a looser limit per
    // connecting address covers callers that reach the regional endpoint directly.
    this.webAcl = new RateLimitedWebAcl(this, 'WebAcl', {
      scope: 'REGIONAL',
      name: `${config.prefix}-api`,
      rateLimit: config.wafRateLimit,
      forwardedFor: true,
      logRetention: config.profile.logRetentionDays as logs.RetentionDays,
    });
    this.webAcl.associate('StageAssociation', `arn:${this.partition}:apigateway:${this.region}::/restapis/${api.restApiId}/stages/${api.deploymentStage.stageName}`);
    const cloudWatchRole = api.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole) {
      acknowledge(cloudWatchRole, {
        id: managedPolicyFinding('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
        reason: 'The account-level API Gateway logging role; this AWS-managed policy is the documented way to grant it.',
      });
    }
    return api;
  }

  /**
   * Errors API Gateway itself returns (no token, unknown route, throttled) get the same JSON shape
   * and CORS headers as the handlers' errors, so the web can read and translate them.
   */
  private addGatewayResponses(api: apigw.RestApi, origins: string[]): void {
    // A gateway response cannot choose among origins: it names the first of the site's other
    // origins, or none (the site's own calls are same-origin). Never '*'.
    const origin = origins[0];
    const headers: Record<string, string> = {
      ...(origin ? {
        'Access-Control-Allow-Origin': `'${origin}'`,
        'Access-Control-Allow-Headers': `'${CORS_ALLOW_HEADERS.join(',')}'`,
        Vary: "'Origin'",
      } : {}),
      'Access-Control-Expose-Headers': `'${CORS_EXPOSE_HEADERS.join(',')}'`,
      // The same security headers as the handlers' answers (shared/src/contract/security-headers.ts).
      ...Object.fromEntries(Object.entries(API_SECURITY_HEADERS).map(([k, v]) => [k, `'${v}'`])),
      // The gateway's own refusals never reach a handler: echo the caller's correlation id here.
      'x-correlation-id': 'method.request.header.x-correlation-id',
    };
    const body = (code: string) => ({
      'application/json': `{"error":{"code":"${code}","message":$context.error.messageString}}`,
    });
    const responses: [string, apigw.ResponseType, string, string?][] = [
      ['Unauthorized', apigw.ResponseType.UNAUTHORIZED, 'not_logged_in'],
      ['AccessDenied', apigw.ResponseType.ACCESS_DENIED, 'forbidden'],
      // REST API Gateway answers an unknown path with 403 "Missing Authentication Token".
      ['MissingRoute', apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN, 'unknown_route', '404'],
      ['NotFound', apigw.ResponseType.RESOURCE_NOT_FOUND, 'not_found'],
      ['Throttled', apigw.ResponseType.THROTTLED, 'rate_limited'],
      ['Default4xx', apigw.ResponseType.DEFAULT_4XX, 'bad_request'],
      ['Default5xx', apigw.ResponseType.DEFAULT_5XX, 'internal_error'],
    ];
    for (const [id, type, code, statusCode] of responses) {
      api.addGatewayResponse(id, { type, statusCode, responseHeaders: headers, templates: body(code) });
    }
  }

  private buildWebSocketRoutes(environment: Record<string, string>): void {
    const make = (id: string, entry: string, description: string) => {
      const f = new NodeFunction(this, id, { entry, description, environment, observability: observability(this.props.config) });
      this.grantTable(f.fn);
      this.platformFunctions.push({ label: id.replace(/^Ws/, 'ws-').toLowerCase(), fn: f.fn });
      return f.fn;
    };
    // Ids avoid "Default": a construct with that id becomes its parent's default child and breaks
    // the WebSocket route wiring.
    const connect = make('WsConnect', WS_ENTRIES.connect, 'WebSocket $connect: verifies the JWT, stores the connection');
    const disconnect = make('WsDisconnect', WS_ENTRIES.disconnect, 'WebSocket $disconnect: drops the connection and its subscriptions');
    const message = make('WsMessage', WS_ENTRIES.message, 'WebSocket $default: subscribe, unsubscribe, ping');
    this.webSocketStage.grantManagementApiAccess(message);

    this.webSocketApi.addRoute('$connect', {
      integration: new WebSocketLambdaIntegration('ConnectIntegration', connect),
    });
    this.webSocketApi.addRoute('$disconnect', {
      integration: new WebSocketLambdaIntegration('DisconnectIntegration', disconnect),
    });
    this.webSocketApi.addRoute('$default', {
      integration: new WebSocketLambdaIntegration('MessageIntegration', message),
    });
    acknowledge(this.webSocketApi, {
      id: 'AwsSolutions-APIG4',
      reason: 'Browsers cannot set headers on a WebSocket: $connect verifies the Cognito JWT from the query string in its handler and refuses the connection otherwise; $disconnect/$default run only on connections $connect accepted, and $default authorizes each topic.',
    });
  }

  private buildStreamConsumer(environment: Record<string, string>): void {
    const { table, config } = this.props;
    // Receipts on COMPLETE: through SES from the stage's sender, when it has one; none otherwise.
    const sender = config.emailFrom ? new ses.EmailIdentity(this, 'ReceiptSender', { identity: ses.Identity.email(config.emailFrom) }) : undefined;
    const consumer = new NodeFunction(this, 'StreamFanOut', {
      entry: STREAM_ENTRY,
      description: 'Table stream consumer: WebSocket fan-out, push notifications, recipient SMS and receipt e-mail',
      environment: { ...environment, ...(config.emailFrom ? { EMAIL_DELIVERY: 'ses', EMAIL_FROM: config.emailFrom } : {}) },
      observability: observability(this.props.config),
      // A batch of 100 records may post to many connections.
      timeout: Duration.seconds(60),
    });
    this.grantTable(consumer.fn);
    this.webSocketStage.grantManagementApiAccess(consumer.fn);
    // New inbox messages are pushed to the recipient's devices; a failed push is retried by a job
    // on the jobs queue (a short delay: never an EventBridge schedule), not by failing the record.
    this.grantCapability(consumer.fn, 'push');
    this.jobsQueue.grantSendMessages(consumer.fn);
    // A parcel's recipient gets their trip link by SMS. SMS to a phone number has no resource ARN:
    // sns:Publish must name "*". Unlike the sign-in code sender, no deny on SNS ARNs narrows it:
    // this function also pushes to the device endpoints granted above, and such a deny (an
    // endpoint's ARN is an SNS ARN) would refuse every push.
    consumer.fn.addToRolePolicy(new iam.PolicyStatement({ sid: DIRECT_SMS_SID, actions: ['sns:Publish'], resources: ['*'] }));
    if (sender && config.emailFrom) {
      // Sending from the sender's own identity, and only as that address.
      consumer.fn.addToRolePolicy(new iam.PolicyStatement({
        sid: RECEIPT_EMAIL_SID,
        actions: ['ses:SendEmail'],
        resources: [sender.emailIdentityArn],
        conditions: { StringEquals: { 'ses:FromAddress': config.emailFrom } },
      }));
    }

    const failures = this.streamFailureQueue('StreamFailures', 'stream-failures', Duration.days(14));
    this.platformFunctions.push({ label: 'stream-fan-out', fn: consumer.fn });
    this.streamConsumers.push({ label: 'stream-fan-out', fn: consumer.fn });

    consumer.fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 100,
        bisectBatchOnError: FAN_OUT_RETRY.bisectOnError,
        retryAttempts: FAN_OUT_RETRY.retryAttempts,
        reportBatchItemFailures: FAN_OUT_RETRY.reportBatchItemFailures,
        onFailure: new SqsDlq(failures),
        // Pings (driver state changes) say nothing the fan-out sends: the positions consumer takes them.
        filters: [lambda.FilterCriteria.filter({ dynamodb: { Keys: { sk: { S: lambda.FilterRule.notEquals('DRIVER') } } } })],
      }),
    );
    allowWildcards(consumer, {
      finding: WILDCARD_REASONS.listStreams.finding,
      reason: `${WILDCARD_REASONS.listStreams.reason} Direct SMS (a parcel recipient's trip link) has no resource-level permission either, so sns:Publish names "*" (a deny on SNS ARNs would also refuse its pushes to device endpoints).`,
    });
  }

  /**
   * The dashboard map's positions: driver state changes only (filtered at the event source), up to
   * 1,000 records gathered for up to 2 s per invocation, posted as ONE message per subscriber and
   * topic. It reads subscriptions and forgets gone connections; it writes nothing else.
   */
  private buildPositionsConsumer(environment: Record<string, string>): void {
    const { table } = this.props;
    const consumer = new NodeFunction(this, 'DriverPositions', {
      entry: POSITIONS_ENTRY,
      description: 'Table stream consumer of driver state changes: batched positions for the dashboard map',
      environment,
      observability: observability(this.props.config),
      timeout: Duration.seconds(30),
    });
    // Subscribers (a query), the connection to forget and its subscriptions (get, delete).
    consumer.fn.addToRolePolicy(new iam.PolicyStatement({
      actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:DeleteItem'],
      resources: [table.tableArn],
    }));
    this.webSocketStage.grantManagementApiAccess(consumer.fn);

    const failures = this.streamFailureQueue('PositionFailures', 'position-failures', Duration.days(4));
    this.platformFunctions.push({ label: 'driver-positions', fn: consumer.fn });
    this.streamConsumers.push({ label: 'driver-positions', fn: consumer.fn });
    consumer.fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 1000,
        maxBatchingWindow: Duration.seconds(2),
        bisectBatchOnError: POSITIONS_RETRY.bisectOnError,
        retryAttempts: POSITIONS_RETRY.retryAttempts,
        maxRecordAge: Duration.seconds(POSITIONS_RETRY.maxRecordAgeSeconds),
        reportBatchItemFailures: POSITIONS_RETRY.reportBatchItemFailures,
        onFailure: new SqsDlq(failures),
        filters: [lambda.FilterCriteria.filter(DRIVER_STATE)],
      }),
    );
    allowWildcards(consumer, WILDCARD_REASONS.listStreams);
  }

  /**
   * Where a stream consumer's records that still fail after the retries are described (not
   * dropped silently); its depth is alarmed like every dead-letter queue.
   */
  private streamFailureQueue(id: string, label: string, retention: Duration): sqs.Queue {
    const queue = new sqs.Queue(this, id, { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: retention });
    acknowledge(queue, { id: 'AwsSolutions-SQS3', reason: 'This queue is itself the failure destination of a stream event source mapping.' });
    this.deadLetterQueues.push({ label, queue });
    return queue;
  }

  /** The jobs queue's consumer: runs dispatch rounds and give-ups, and schedules the next round. */
  private buildJobsConsumer(environment: Record<string, string>): NodeFunction {
    const consumer = new NodeFunction(this, 'DispatchJobs', {
      entry: JOBS_ENTRY,
      description: 'Timer jobs: dispatch rounds, Book Later dispatch start and give-up',
      environment,
      observability: observability(this.props.config),
      timeout: Duration.seconds(30),
    });
    this.grantTable(consumer.fn);
    this.grantCapability(consumer.fn, 'jobs');
    // Broadcast batches push to devices.
    this.grantCapability(consumer.fn, 'push');
    consumer.fn.addEventSource(new SqsEventSource(this.jobsQueue, { batchSize: 10, reportBatchItemFailures: true }));
    this.platformFunctions.push({ label: 'dispatch-jobs', fn: consumer.fn });
    return consumer;
  }

  /**
   * The daily driver documents check (reminders 14 and 3 days before expiry, drivers with a
   * mandatory document out of order set offline): an EventBridge Scheduler schedule invokes it once
   * a day. It reads the drivers through their type index and the settings and driver states by
   * key, and writes one small transaction per reminder or driver set offline: exactly those
   * actions, and nothing else of AWS (the driver hears through the inbox message the stream pushes).
   */
  private buildDocumentChecks(environment: Record<string, string>): NodeFunction {
    const { table } = this.props;
    const fn = new NodeFunction(this, 'DocumentChecks', {
      entry: DOCUMENT_CHECKS_ENTRY,
      description: 'Daily: driver document expiry reminders (14 and 3 days) and drivers with documents out of order set offline',
      environment,
      observability: observability(this.props.config),
      timeout: Duration.minutes(5),
    });
    fn.fn.addToRolePolicy(new iam.PolicyStatement({
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
      resources: [table.tableArn],
    }));
    // The drivers, a page at a time: gsi1 (USERS#driver) only.
    fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/gsi1`] }));
    // Its own role, allowed to invoke this function (the unqualified ARN: no version wildcard) and nothing else.
    const invoker = new iam.Role(this, 'DocumentChecksInvoker', { assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com') });
    invoker.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.fn.functionArn] }));
    this.documentChecksSchedule = new scheduler.CfnSchedule(this, 'DocumentChecksDaily', {
      description: 'Once a day: the driver documents check',
      scheduleExpression: 'cron(0 6 * * ? *)',
      flexibleTimeWindow: { mode: 'OFF' },
      target: { arn: fn.fn.functionArn, roleArn: invoker.roleArn, retryPolicy: { maximumRetryAttempts: 2 } },
    });
    this.platformFunctions.push({ label: 'document-checks', fn: fn.fn });
    return fn;
  }

  /**
   * Alarms next to what they watch: the route functions' in their area's nested stack, the rest in
   * a nested stack of their own (this stack is near CloudFormation's resource limit already); and
   * the dashboard, which shows them all.
   */
  private buildMonitoring(routes: readonly AnyRoute[], monitoring: NonNullable<ApiStackProps['monitoring']>): OperationsDashboard {
    const { config, table } = this.props;
    const alarmProps = { prefix: config.prefix, topic: monitoring.topic };

    const areas = new Map<string, WatchedFunction[]>();
    for (const route of routes) {
      const fns = areas.get(route.area) ?? [];
      fns.push({ label: route.operationId, fn: this.routeFunctions.get(route.operationId)!.fn });
      areas.set(route.area, fns);
    }
    for (const [area, fns] of areas) {
      const alarms = new Alarms(Stack.of(fns[0]!.fn), 'Alarms', alarmProps);
      alarms.functions(`http-${area}`, fns);
      this.alarms.push(alarms);
    }

    const nested = new NestedStack(this, 'Alarms', { description: 'Alarms of the WebSocket handlers, consumers, dead-letter queues and REST API' });
    const alarms = new Alarms(nested, 'Alarms', alarmProps);
    alarms.functions('platform', this.platformFunctions);
    for (const consumer of this.streamConsumers) alarms.iteratorAge(consumer);
    for (const queue of this.deadLetterQueues) alarms.queueDepth(queue);
    alarms.add('Rest5xx', {
      name: 'rest-5xx',
      description: 'REST API: 5xx responses (handler failures, integration errors) in 5 minutes',
      metric: this.restApi.deploymentStage.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 5,
    });
    this.alarms.push(alarms);

    return new OperationsDashboard(this, 'Operations', {
      prefix: config.prefix,
      restStage: this.restApi.deploymentStage,
      webSocket: { apiId: this.webSocketApi.apiId, stage: WS_STAGE },
      areas: [...areas].map(([area, fns]) => ({ area, fns })),
      platform: this.platformFunctions,
      streamConsumers: this.streamConsumers,
      table,
      queues: this.deadLetterQueues,
      alarmNames: [...monitoring.otherAlarmNames, ...this.alarms.flatMap((a) => a.names)],
      metricsNamespace: observability(config).metricsNamespace,
    });
  }

  /**
   * Item and index access on the single table, named explicitly (no `index/*`, no Scan: request
   * paths never scan). Transactions need no extra action: they are authorized per item operation.
   */
  private grantTable(fn: lambda.IFunction): void {
    const { table } = this.props;
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:ConditionCheckItem',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:DescribeTable',
        ],
        resources: [
          table.tableArn,
          ...tableDefinition.globalIndexes.map((i) => `${table.tableArn}/index/${i.name}`),
        ],
      }),
    );
  }

  /** A read-only or keyed route's table access: only the item actions it names, on the table itself (no index). */
  private grantTableReads(fn: lambda.IFunction, actions: readonly string[]): void {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...actions], resources: [this.props.table.tableArn] }));
  }

  /** A read-only route that also reads indexes: its actions on the table, and Query alone on those indexes. */
  private grantIndexedReads(fn: lambda.IFunction, grant: { table: readonly string[]; indexes: readonly string[] }): void {
    const { tableArn } = this.props.table;
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...grant.table], resources: [tableArn] }));
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: grant.indexes.map((i) => `${tableArn}/index/${i}`) }));
  }

  private pushApps(): PlatformApp[] {
    return [this.props.push.android, this.props.push.ios].filter((a): a is PlatformApp => Boolean(a));
  }

  /**
   * The platform applications' endpoint events (an endpoint disabled, a delivery failed for good):
   * the device is forgotten, so no send counts it again.
   */
  private buildPushEndpointEventsConsumer(environment: Record<string, string>): void {
    const consumer = new NodeFunction(this, 'PushEndpointEvents', {
      entry: PUSH_EVENTS_ENTRY,
      description: 'Push endpoint events: forgets devices whose SNS endpoint was disabled',
      environment,
      observability: observability(this.props.config),
      timeout: Duration.seconds(30),
    });
    // The device by its endpoint (gsi2), its token claim and the profile's pushToken.
    const { table } = this.props;
    consumer.fn.addToRolePolicy(new iam.PolicyStatement({
      actions: ['dynamodb:Query', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
      resources: [table.tableArn, `${table.tableArn}/index/gsi2`],
    }));
    this.grantCapability(consumer.fn, 'push');
    consumer.fn.addEventSource(new SnsEventSource(this.props.push.endpointEvents));
    this.platformFunctions.push({ label: 'push-endpoint-events', fn: consumer.fn });
  }

  private grantCapability(fn: lambda.IFunction, capability: Capability): void {
    const { userPool, uploadsBucket, geo } = this.props;
    switch (capability) {
      case 'userAdmin':
        userPool.grant(
          fn,
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminSetUserPassword',
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminUpdateUserAttributes',
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminRemoveUserFromGroup',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:AdminDisableUser',
          'cognito-idp:AdminEnableUser',
          'cognito-idp:AdminDeleteUser',
          'cognito-idp:AdminUserGlobalSignOut',
          'cognito-idp:ListUsers',
        );
        return;
      case 'signOutUsers':
        userPool.grant(fn, 'cognito-idp:AdminUserGlobalSignOut');
        return;
      case 'geoSuggest':
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['geo:SearchPlaceIndexForSuggestions'], resources: [geo.placeIndexArn] }));
        return;
      case 'geoPlace':
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['geo:GetPlace'], resources: [geo.placeIndexArn] }));
        return;
      case 'geoReverse':
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['geo:SearchPlaceIndexForPosition'], resources: [geo.placeIndexArn] }));
        return;
      case 'geoRoute':
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['geo:CalculateRoute'], resources: [geo.routeCalculatorArn] }));
        return;
      case 'jobs':
        this.jobsQueue.grantSendMessages(fn);
        fn.addToRolePolicy(new iam.PolicyStatement({
          actions: ['scheduler:CreateSchedule'],
          resources: [Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${this.scheduleGroup.ref}/*` })],
        }));
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['iam:PassRole'], resources: [this.schedulerRole.roleArn] }));
        return;
      case 'uploads':
        // Presigned URLs and POST policies carry the signer's permissions. Objects: put (also
        // CreateMultipartUpload, UploadPart and CompleteMultipartUpload of large files), get, delete
        // (a refused upload), abort and list the parts of a multipart upload. The bucket: listing a
        // prefix (at most 1,000 keys a page); nothing else on the bucket itself. ListBucket has no
        // s3:prefix condition on purpose: S3 answers HeadObject of a missing key with 404 only to a
        // caller allowed to list that key (403 otherwise), and the upload check needs that 404 to
        // tell "not uploaded yet" from a real denial; a prefix condition would not apply to HEAD.
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
            resources: [uploadsBucket.arnForObjects('*')],
          }),
        );
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [uploadsBucket.bucketArn] }));
        return;
      case 'push': {
        // Publish to, read, re-enable and delete the endpoints of this stage's platform applications.
        const endpoints = this.pushApps().map((a) => Stack.of(this).formatArn({ service: 'sns', resource: 'endpoint', resourceName: `${a.platform}/${a.name}/*` }));
        if (endpoints.length) {
          fn.addToRolePolicy(new iam.PolicyStatement({
            actions: ['sns:Publish', 'sns:GetEndpointAttributes', 'sns:SetEndpointAttributes', 'sns:DeleteEndpoint'], resources: endpoints,
          }));
        }
        // Browsers' pushes are signed with the VAPID keys.
        this.webPushKeys.grantRead(fn);
        return;
      }
      case 'pushRegister': {
        const apps = this.pushApps();
        if (apps.length) fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sns:CreatePlatformEndpoint'], resources: apps.map((a) => a.arn) }));
        return;
      }
      case 'webPushKeys':
        this.webPushKeys.grantRead(fn);
        return;
      case 'paymentSecrets':
        this.testGatewayKey?.grantRead(fn);
        this.stripeKeys?.grantRead(fn);
        return;
    }
  }
}
