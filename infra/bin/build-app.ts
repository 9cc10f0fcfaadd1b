import { readFileSync } from 'node:fs';
import { App, Tags, type AppProps, type Environment } from 'aws-cdk-lib';
import { fromRepo, readAppConfig } from '../constructs/app-config';
import { addNagChecks } from '../constructs/nag';
import { ApiStack } from '../stacks/api-stack';
import { AuthStack } from '../stacks/auth-stack';
import { DataStack } from '../stacks/data-stack';
import { EDGE_REGION, EdgeStack } from '../stacks/edge-stack';
import { GeoStack } from '../stacks/geo-stack';
import { MonitoringStack } from '../stacks/monitoring-stack';
import { PushStack } from '../stacks/push-stack';
import { WebStack } from '../stacks/web-stack';

export interface BuildAppOptions {
  /** Context on top of what the CDK CLI passes (the CLI merges cdk.json itself). */
  context?: Record<string, unknown>;
  /** Also read cdk.json's context: for callers that are not the CLI, such as tests. */
  withCdkJsonContext?: boolean;
  outdir?: string;
  /** Register cdk-nag's AwsSolutions checks (default true; synth fails on findings). */
  nagChecks?: boolean;
  /** The built site to deploy (default: the repo's web/dist). */
  webDist?: string;
  /** false in tests: the built-in CloudFormation linter is slow and not what they check. */
  builtinCloudFormationValidation?: boolean;
  /** The app's region (default: CDK_DEFAULT_REGION, else us-east-1); tests try others. */
  region?: string;
}

export interface BuiltApp {
  app: App;
  data: DataStack;
  auth: AuthStack;
  geo: GeoStack;
  push: PushStack;
  api: ApiStack;
  web: WebStack;
  monitoring: MonitoringStack;
  edge: EdgeStack;
}

/** cdk.json's context, which the CLI passes to the app but `new App()` in a test does not read. */
export function cdkJsonContext(): Record<string, unknown> {
  const json = JSON.parse(readFileSync(fromRepo('cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return json.context ?? {};
}

/**
 * The whole CDK app. Stacks are region-bound but account-agnostic: synth needs no credentials and
 * makes no lookups; the account comes from the deploying identity.
 */
export function buildApp(options: BuildAppOptions = {}): BuiltApp {
  const context = { ...(options.withCdkJsonContext ? cdkJsonContext() : {}), ...options.context };
  const appProps: AppProps = {
    context,
    ...(options.outdir ? { outdir: options.outdir } : {}),
    ...(options.builtinCloudFormationValidation === undefined
      ? {}
      : { builtinCloudFormationValidation: options.builtinCloudFormationValidation }),
  };
  const app = new App(appProps);
  const config = readAppConfig(app.node);
  const env: Environment = { region: options.region ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1' };
  const name = (part: string) => `RidePlatform-${config.stage}-${part}`;

  const data = new DataStack(app, name('Data'), { env, config, description: 'Single table and uploads bucket' });
  const monitoring = new MonitoringStack(app, name('Monitoring'), { env, config, table: data.table, description: 'Alarm notification topic and table alarms' });
  const auth = new AuthStack(app, name('Auth'), { env, config, table: data.table, alarmTopic: monitoring.topic, description: 'Cognito user pool, groups, web client and custom-auth triggers' });
  const geo = new GeoStack(app, name('Geo'), { env, config, description: 'Amazon Location place index, route calculator, map' });
  const push = new PushStack(app, name('Push'), { env, config, description: 'Push notification topic' });
  const api = new ApiStack(app, name('Api'), {
    env,
    config,
    description: 'REST and WebSocket APIs, handlers, table stream consumer',
    table: data.table,
    uploadsBucket: data.uploadsBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    push,
    geo,
    monitoring: { topic: monitoring.topic, otherAlarmNames: [...monitoring.alarms.names, ...(auth.alarms?.names ?? [])] },
  });
  // CloudFront's web ACL must be made in us-east-1. Elsewhere the Web stack reads its ARN through
  // CDK's cross-region references (an SSM parameter written in us-east-1, read at deploy time).
  const crossRegion = env.region !== EDGE_REGION;
  const edge = new EdgeStack(app, name('Edge'), {
    env: { region: EDGE_REGION },
    config,
    crossRegionReferences: crossRegion,
    description: 'AWS WAF web ACL of the CloudFront distribution (us-east-1)',
  });
  const web = new WebStack(app, name('Web'), {
    env,
    crossRegionReferences: crossRegion,
    webAclArn: edge.webAcl.arn,
    config,
    description: 'Site bucket, CloudFront distribution and runtime config',
    restApiId: api.restApi.restApiId,
    wsUrl: api.webSocketStage.url,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    mapStyleUrl: geo.mapStyleUrl,
    mapCenter: config.mapCenter,
    uploadsBucketName: data.uploadsBucket.bucketName,
    webDist: options.webDist,
  });

  Tags.of(app).add('app', 'ride-platform');
  Tags.of(app).add('stage', config.stage);
  if (options.nagChecks !== false) addNagChecks(app);
  return { app, data, auth, geo, push, api, web, monitoring, edge };
}
