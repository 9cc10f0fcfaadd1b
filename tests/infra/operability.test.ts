import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, cdkJsonContext, type BuiltApp } from '../../infra/bin/build-app';
import { DEFAULT_WAF_RATE_LIMIT, profileOf, readAppConfig } from '../../infra/constructs/app-config';
import { NodeFunction } from '../../infra/constructs/node-function';
import { SOURCE_IP_FACTOR, WAF_LOG_GROUP_PREFIX } from '../../infra/constructs/waf';
import { AuthStack } from '../../infra/stacks/auth-stack';
import { DataStack } from '../../infra/stacks/data-stack';
import { WebStack } from '../../infra/stacks/web-stack';
import { routes } from '../../shared/src/contract/routes';
import { sdkCalls } from './support/cors-origins';
import { fixtureDist } from './support/fixture-dist';
import { standaloneWebStackProps } from './support/web-stack-props';

type Json = Record<string, any>;

const options = {
  withCdkJsonContext: true,
  context: { 'aws:cdk:bundling-stacks': [] },
  builtinCloudFormationValidation: false,
};

let built: BuiltApp;
beforeAll(() => {
  built = buildApp({ ...options, webDist: fixtureDist(), nagChecks: false });
});

/** Every stack of an app, nested ones included. */
const stacksOf = (app: App): Stack[] => app.node.findAll().filter((c): c is Stack => Stack.isStack(c));

const contextApp = (context: Record<string, unknown>) =>
  new App({ builtinCloudFormationValidation: false, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...context } });

describe('AWS WAF on the REST API', () => {
  it('has a REGIONAL web ACL with per-viewer and per-address rate rules and AWS\'s common rules, all with metrics', () => {
    const api = Template.fromStack(built.api);
    api.resourceCountIs('AWS::WAFv2::WebACL', 1);
    const acl = Object.values(api.findResources('AWS::WAFv2::WebACL'))[0]!.Properties as Json;
    expect(acl.Scope).toBe('REGIONAL');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    expect(acl.VisibilityConfig.CloudWatchMetricsEnabled).toBe(true);
    const rules: Json = Object.fromEntries((acl.Rules as Json[]).map((r) => [r.Name, r]));
    expect(Object.keys(rules).sort()).toEqual(['AwsCommonRules', 'RatePerSourceIp', 'RatePerViewer']);
    expect(rules.RatePerViewer.Statement.RateBasedStatement).toEqual({
      Limit: DEFAULT_WAF_RATE_LIMIT,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'FORWARDED_IP',
      ForwardedIPConfig: { HeaderName: 'X-Forwarded-For', FallbackBehavior: 'NO_MATCH' },
    });
    expect(rules.RatePerSourceIp.Statement.RateBasedStatement).toMatchObject({ Limit: DEFAULT_WAF_RATE_LIMIT * SOURCE_IP_FACTOR, AggregateKeyType: 'IP' });
    for (const name of ['RatePerViewer', 'RatePerSourceIp']) {
      // 429 with the API's error shape, so the web shows its rate_limited message.
      expect(rules[name].Action.Block.CustomResponse).toEqual({ ResponseCode: 429, CustomResponseBodyKey: 'rate-limited' });
    }
    expect(JSON.parse(acl.CustomResponseBodies['rate-limited'].Content).error.code).toBe('rate_limited');
    expect(rules.AwsCommonRules.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    expect(rules.AwsCommonRules.OverrideAction).toEqual({ None: {} });
    for (const rule of Object.values(rules) as Json[]) expect(rule.VisibilityConfig, rule.Name).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
  });

  it('associates the web ACL with the REST API\'s stage', () => {
    const api = Template.fromStack(built.api);
    const aclId = Object.keys(api.findResources('AWS::WAFv2::WebACL'))[0]!;
    const stageId = built.api.getLogicalId(built.api.restApi.deploymentStage.node.defaultChild as never);
    const restApiId = built.api.getLogicalId(built.api.restApi.node.defaultChild as never);
    const associations = Object.values(api.findResources('AWS::WAFv2::WebACLAssociation')).map((a) => a.Properties as Json);
    expect(associations).toHaveLength(1);
    expect(associations[0]!.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    const arn = JSON.stringify(associations[0]!.ResourceArn);
    expect(arn).toContain(':apigateway:');
    expect(arn).toContain(`{"Ref":"${restApiId}"}`);
    expect(arn).toContain(`/stages/`);
    expect(arn).toContain(`{"Ref":"${stageId}"}`);
  });

  it('takes its limit from context wafRateLimit, and refuses one WAF would not', () => {
    const app = contextApp({ wafRateLimit: '500' });
    expect(readAppConfig(app.node).wafRateLimit).toBe(500);
    expect(() => readAppConfig(contextApp({ wafRateLimit: '5' }).node)).toThrow(/wafRateLimit/);
    expect(() => readAppConfig(contextApp({ wafRateLimit: 'lots' }).node)).toThrow(/wafRateLimit/);
  });
});

describe('throttling', () => {
  it('keeps the REST stage\'s default limits and turns on X-Ray tracing there', () => {
    Template.fromStack(built.api).hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'api',
      TracingEnabled: true,
      MethodSettings: Match.arrayWith([Match.objectLike({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 })]),
    });
  });

  it('throttles the WebSocket stage too (WAF cannot protect WebSocket APIs)', () => {
    Template.fromStack(built.api).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'ws',
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });
});

describe('correlation ids at the gateway', () => {
  it('echoes the caller\'s x-correlation-id on the gateway\'s own refusals and exposes it to the site', () => {
    const api = Template.fromStack(built.api);
    const responses = Object.values(api.findResources('AWS::ApiGateway::GatewayResponse'));
    expect(responses.length).toBeGreaterThan(0);
    for (const r of responses) {
      expect((r.Properties as Json).ResponseParameters).toMatchObject({
        'gatewayresponse.header.x-correlation-id': 'method.request.header.x-correlation-id',
        'gatewayresponse.header.Access-Control-Expose-Headers': "'x-correlation-id'",
      });
    }
  });
});

describe('AWS WAF web ACL resources', () => {
  it('have names and descriptions WAF accepts', () => {
    // CloudFormation's schema for AWS::WAFv2::WebACL (the CLI's synth validates it; tests skip that).
    const description = /^[a-zA-Z0-9=:#@/\-,.][a-zA-Z0-9+=:#@/\-,.\s]+[a-zA-Z0-9+=:#@/\-,.]{1,256}$/;
    const name = /^[0-9A-Za-z_-]{1,128}$/;
    for (const stack of [built.api, built.edge]) {
      for (const acl of Object.values(Template.fromStack(stack).findResources('AWS::WAFv2::WebACL'))) {
        const props = acl.Properties as Json;
        expect(props.Description).toMatch(description);
        expect(props.Name).toMatch(name);
        for (const rule of props.Rules as Json[]) {
          expect(rule.Name).toMatch(name);
          expect(rule.VisibilityConfig.MetricName).toMatch(/^[\w#:.\-/]{1,255}$/);
        }
      }
    }
  });
});

describe('AWS WAF logs', () => {
  it('log blocked and counted requests of each web ACL, in its own region, to an aws-waf-logs- group, with the token redacted', () => {
    for (const stack of [built.api, built.edge]) {
      const tpl = Template.fromStack(stack);
      const aclId = Object.keys(tpl.findResources('AWS::WAFv2::WebACL'))[0]!;
      const groups = tpl.findResources('AWS::Logs::LogGroup', { Properties: { LogGroupName: Match.stringLikeRegexp(`^${WAF_LOG_GROUP_PREFIX}`) } });
      expect(Object.keys(groups), stack.stackName).toHaveLength(1);
      const [groupId, group] = Object.entries(groups)[0]!;
      expect((group.Properties as Json).RetentionInDays).toBe(30);
      const configs = Object.values(tpl.findResources('AWS::WAFv2::LoggingConfiguration')).map((c) => c.Properties as Json);
      expect(configs).toHaveLength(1);
      const config = configs[0]!;
      expect(config.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
      // The ARN WAF accepts: the group's name after `log-group:`, without the attribute's trailing `:*`.
      const destination = JSON.stringify(config.LogDestinationConfigs);
      expect(destination).toContain(':log-group:');
      expect(destination).toContain(groupId);
      expect(destination).not.toContain(':*');
      expect(config.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }]);
      expect(config.LoggingFilter).toEqual({
        DefaultBehavior: 'DROP',
        Filters: [{ Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }] }],
      });
    }
  });
});

describe('AWS WAF on CloudFront', () => {
  it('makes the CLOUDFRONT web ACL in us-east-1, with a per-IP rate rule and AWS\'s common rules', () => {
    expect(built.edge.region).toBe('us-east-1');
    const edge = Template.fromStack(built.edge);
    edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
    const acl = Object.values(edge.findResources('AWS::WAFv2::WebACL'))[0]!.Properties as Json;
    expect(acl.Scope).toBe('CLOUDFRONT');
    const rules: Json = Object.fromEntries((acl.Rules as Json[]).map((r) => [r.Name, r]));
    expect(Object.keys(rules).sort()).toEqual(['AwsCommonRules', 'RatePerIp']);
    expect(rules.RatePerIp.Statement.RateBasedStatement).toMatchObject({ Limit: DEFAULT_WAF_RATE_LIMIT, AggregateKeyType: 'IP' });
    for (const rule of Object.values(rules) as Json[]) expect(rule.VisibilityConfig.CloudWatchMetricsEnabled, rule.Name).toBe(true);
  });

  it('attaches that web ACL to the distribution', () => {
    const dist = Object.values(Template.fromStack(built.web).findResources('AWS::CloudFront::Distribution'))[0]!.Properties as Json;
    expect(dist.DistributionConfig.WebACLId).toBeDefined();
    // Same region: an import of the Edge stack's export of the ACL's ARN.
    expect(JSON.stringify(dist.DistributionConfig.WebACLId)).toMatch(/Fn::ImportValue.*Edge.*SiteWebAcl/);
  });

  it('keeps the ACL in us-east-1 when the app is deployed elsewhere, read across regions', () => {
    const app = buildApp({ ...options, region: 'eu-west-1', webDist: fixtureDist(), nagChecks: false });
    expect(app.edge.region).toBe('us-east-1');
    expect(app.web.region).toBe('eu-west-1');
    const dist = Object.values(Template.fromStack(app.web).findResources('AWS::CloudFront::Distribution'))[0]!.Properties as Json;
    expect(JSON.stringify(dist.DistributionConfig.WebACLId)).toMatch(/ExportsReader/);
  });
});

describe('function roles', () => {
  const functions = (b: BuiltApp) =>
    stacksOf(b.app).flatMap((stack) =>
      Object.entries(Template.fromStack(stack).findResources('AWS::Lambda::Function')).map(([id, f]) => ({ stack, id, role: JSON.stringify((f.Properties as Json).Role) })),
    );

  it('gives every Lambda function a role of its own', () => {
    const all = functions(built);
    expect(all.length).toBeGreaterThan(50);
    const byRole = new Map<string, string[]>();
    for (const f of all) {
      const key = `${f.stack.node.path} ${f.role}`;
      byRole.set(key, [...(byRole.get(key) ?? []), f.id]);
    }
    expect([...byRole.entries()].filter(([, ids]) => ids.length > 1)).toEqual([]);
  });

  it('attaches no AWS-managed policy except to the CDK-provided deploy-time roles acknowledged in the stacks', () => {
    // Each of these is acknowledged (AwsSolutions-IAM4) with its reason where it is made.
    const allowed = [
      /\/Custom::CDKBucketDeployment[^/]*\/ServiceRole\//, // web-stack.ts: the site upload
      /\/AWS679f53fac002430cb0da5b7982bd2287\/ServiceRole\//, // geo-stack.ts: AwsCustomResource reading the map key
      /\/PlatformApplicationProvider\/framework-onEvent\/ServiceRole\//, // push-stack.ts: provider framework
      /\/RestApi\/CloudWatchRole\//, // api-stack.ts: the account's API Gateway logging role
    ];
    const offenders: string[] = [];
    let acknowledged = 0;
    for (const role of built.app.node.findAll().filter((c): c is iam.CfnRole => c instanceof iam.CfnRole)) {
      const arns = JSON.stringify(Stack.of(role).resolve(role.managedPolicyArns) ?? []);
      if (!arns.includes(':iam::aws:policy/')) continue;
      if (allowed.some((p) => p.test(role.node.path))) acknowledged++;
      else offenders.push(role.node.path);
    }
    expect(offenders).toEqual([]);
    expect(acknowledged).toBeGreaterThan(0);
  });

  it('traces every function actively and names its Powertools service and metrics namespace', () => {
    const fns = built.app.node.findAll().filter((c): c is NodeFunction => c instanceof NodeFunction);
    expect(fns.length).toBeGreaterThan(50);
    const templates = new Map<Stack, Json>();
    const resourcesOf = (stack: Stack) => {
      if (!templates.has(stack)) templates.set(stack, Template.fromStack(stack).toJSON().Resources as Json);
      return templates.get(stack)!;
    };
    for (const f of fns) {
      const stack = Stack.of(f);
      const props = resourcesOf(stack)[stack.getLogicalId(f.fn.node.defaultChild as lambda.CfnFunction)].Properties as Json;
      expect(props.TracingConfig, f.node.path).toEqual({ Mode: 'Active' });
      expect(props.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE, f.node.path).toBe('ride-platform-dev');
      // The deployment's name: the licence check sends it as the project id.
      expect(props.Environment.Variables.POWERTOOLS_SERVICE_NAME, f.node.path).toBe('ride-platform-dev');
      // X-Ray's "*" grant comes from the stack's one X-Ray policy, never from the role's own policy.
      const managed = JSON.stringify(resourcesOf(stack)[stack.getLogicalId(f.role.node.defaultChild as iam.CfnRole)].Properties.ManagedPolicyArns);
      expect(managed, f.node.path).toContain('XRayWriteAccess');
    }
  });

  it('lets the X-Ray policy do nothing but send traces', () => {
    for (const stack of stacksOf(built.app)) {
      for (const policy of Object.values(Template.fromStack(stack).findResources('AWS::IAM::ManagedPolicy'))) {
        const statements = (policy.Properties as Json).PolicyDocument.Statement as Json[];
        if (!JSON.stringify(statements).includes('xray:')) continue;
        expect(statements).toHaveLength(1);
        expect([statements[0]!.Action].flat().sort()).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
        expect(statements[0]).toMatchObject({ Effect: 'Allow', Resource: '*' });
      }
    }
  });

  it('lets the upload routes sign multipart uploads and list a prefix, and nothing else on the bucket', () => {
    const fn = built.api.routeFunctions.get('createTripPhotoUploadUrl')!;
    const statements = Object.values(Template.fromStack(Stack.of(fn.fn)).findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify((p.Properties as Json).Roles).includes(Stack.of(fn.fn).getLogicalId(fn.role.node.defaultChild as never)))
      .flatMap((p) => (p.Properties as Json).PolicyDocument.Statement as Json[])
      .filter((st) => JSON.stringify(st).includes('s3:'));
    const objects = statements.find((st) => [st.Action].flat().includes('s3:PutObject'))!;
    expect([objects.Action].flat().sort()).toEqual(['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject', 's3:ListMultipartUploadParts', 's3:PutObject']);
    expect(JSON.stringify(objects.Resource)).toMatch(/Uploads.*\/\*/);
    const bucket = statements.find((st) => [st.Action].flat().includes('s3:ListBucket'))!;
    expect(bucket.Action).toBe('s3:ListBucket');
    expect(JSON.stringify(bucket.Resource)).not.toContain('/*');
  });
});

describe('REST invoke permissions', () => {
  it('live with each route\'s function (not in the Api stack), scoped to its method on the api stage', () => {
    const inApi = Object.values(Template.fromStack(built.api).findResources('AWS::Lambda::Permission'))
      .filter((p) => JSON.stringify((p.Properties as Json).SourceArn ?? '').includes('RestApi'));
    expect(inApi).toEqual([]);
    for (const route of routes) {
      const fn = built.api.routeFunctions.get(route.operationId)!;
      const stack = Stack.of(fn.fn);
      const fnId = stack.getLogicalId(fn.fn.node.defaultChild as lambda.CfnFunction);
      const permissions = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Permission'))
        .map((p) => p.Properties as Json)
        .filter((p) => JSON.stringify(p.FunctionName).includes(fnId));
      expect(permissions, route.operationId).toHaveLength(1);
      expect(permissions[0]!.Principal).toBe('apigateway.amazonaws.com');
      expect(JSON.stringify(permissions[0]!.SourceArn), route.operationId).toContain(`/api/${route.method}${route.path.replace(/\{[^}]+\}/g, '*')}"`);
    }
  });
});

describe('operations dashboard', () => {
  it('graphs the Powertools namespace\'s cold starts and bookings', () => {
    const body = JSON.stringify(Template.fromStack(built.api).findResources('AWS::CloudWatch::Dashboard'));
    expect(body).toContain('ride-platform-dev');
    expect(body).toContain('ColdStart');
    expect(body).toContain('BookingsCreated');
  });
});

describe('stage profiles', () => {
  const stateful = (stage: string) => {
    const app = contextApp({ stage });
    const config = readAppConfig(app.node);
    const data = new DataStack(app, `Data-${stage}`, { config });
    const auth = new AuthStack(app, `Auth-${stage}`, { config, table: data.table });
    return { config, data: Template.fromStack(data), auth: Template.fromStack(auth) };
  };

  it('prod keeps and protects the table, the uploads bucket and the user pool, and keeps logs a year', () => {
    const { config, data, auth } = stateful('prod');
    expect(config.profile.production).toBe(true);
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
    });
    data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'uploads/' }) }) });
    auth.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }) });
    for (const group of Object.values(auth.findResources('AWS::Logs::LogGroup'))) expect((group.Properties as Json).RetentionInDays).toBe(365);
  });

  it('dev (and any other stage name) lets the table and pool go with the stack, still with point-in-time recovery', () => {
    for (const stage of ['dev', 'test']) {
      const { config, data, auth } = stateful(stage);
      expect(config.profile.production).toBe(false);
      data.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Delete',
        Properties: Match.objectLike({ DeletionProtectionEnabled: false, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      });
      // A bucket with objects cannot be deleted by CloudFormation: kept in every stage.
      data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'uploads/' }) }) });
      auth.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Delete', Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }) });
      for (const group of Object.values(auth.findResources('AWS::Logs::LogGroup'))) expect((group.Properties as Json).RetentionInDays).toBe(30);
    }
    expect(profileOf('staging')).toEqual(profileOf('dev'));
  });

  it('lets browsers POST presigned forms and PUT parts, reading the part ETag (the CORS the site\'s stack writes)', () => {
    const [call] = sdkCalls(Template.fromStack(built.web)).filter((c) => c.action === 'PutBucketCors');
    expect(call!.parameters.CORSConfiguration.CORSRules).toEqual([expect.objectContaining({ AllowedMethods: expect.arrayContaining(['POST', 'PUT']), ExposeHeaders: ['ETag'] })]);
  });
});

describe('custom domain', () => {
  const webWith = (context: Record<string, unknown>) => {
    const app = contextApp(context);
    const web = new WebStack(app, 'DomainWeb', standaloneWebStackProps(app, fixtureDist()));
    return { web, t: Template.fromStack(web) };
  };
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-1111-2222-3333-444455556666';

  it('serves the site on domainName with the us-east-1 certificate and TLS 1.2, with Route 53 aliases when hostedZoneId is given', () => {
    const { web, t } = webWith({ domainName: 'app.example.com', certificateArn, hostedZoneId: 'Z0123456789ABC' });
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.com'],
        ViewerCertificate: { AcmCertificateArn: certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      }),
    });
    for (const type of ['A', 'AAAA']) {
      t.hasResourceProperties('AWS::Route53::RecordSet', { Name: 'app.example.com.', Type: type, HostedZoneId: 'Z0123456789ABC', AliasTarget: Match.anyValue() });
    }
    expect(web.runtimeConfig.apiUrl).toBe('https://app.example.com/api');
    t.hasOutput('SiteUrl', { Value: 'https://app.example.com' });
    // CORS follows the domain when siteOrigins is not given.
    const config = readAppConfig(contextApp({ domainName: 'app.example.com', certificateArn }).node);
    expect(config.siteOrigins).toEqual(['https://app.example.com']);
    expect(config.oauthCallbackUrls).toEqual(['https://app.example.com/']);
  });

  it('uses CloudFront\'s own domain and makes no records without one', () => {
    const { t } = webWith({});
    t.resourceCountIs('AWS::Route53::RecordSet', 0);
    const dist = Object.values(t.findResources('AWS::CloudFront::Distribution'))[0]!.Properties as Json;
    expect(dist.DistributionConfig.Aliases).toBeUndefined();
  });

  it('refuses a half or wrong domain configuration with a clear message', () => {
    expect(() => readAppConfig(contextApp({ domainName: 'app.example.com' }).node)).toThrow(/certificateArn/);
    expect(() => readAppConfig(contextApp({ domainName: 'app.example.com', certificateArn: certificateArn.replace('us-east-1', 'eu-west-1') }).node)).toThrow(/us-east-1/);
    expect(() => readAppConfig(contextApp({ hostedZoneId: 'Z0123456789ABC' }).node)).toThrow(/domainName/);
  });
});

describe('social sign-in secrets', () => {
  const facebookArn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:facebook-app-secret-AbCdEf';

  it('resolves the Facebook app secret and the Apple key from Secrets Manager at deploy time', () => {
    const app = contextApp({
      facebookAppId: '123',
      facebookAppSecretArn: facebookArn,
      appleServicesId: 'com.example.web',
      appleTeamId: 'TEAM123456',
      appleKeyId: 'KEY1234567',
      applePrivateKeySecretArn: 'apple-private-key',
      authDomainPrefix: 'ride-platform-test',
    });
    const config = readAppConfig(app.node);
    const data = new DataStack(app, 'SecretsData', { config });
    const t = Template.fromStack(new AuthStack(app, 'SecretsAuth', { config, table: data.table }));
    const idps = Object.values(t.findResources('AWS::Cognito::UserPoolIdentityProvider')).map((r) => r.Properties as Json);
    const fb = idps.find((p) => p.ProviderName === 'Facebook')!;
    const apple = idps.find((p) => p.ProviderName === 'SignInWithApple')!;
    expect(JSON.stringify(fb.ProviderDetails.client_secret)).toContain(`{{resolve:secretsmanager:${facebookArn}:SecretString:::}}`);
    expect(JSON.stringify(apple.ProviderDetails.private_key)).toContain('{{resolve:secretsmanager:apple-private-key:SecretString:::}}');
  });

  it('tells the web (config.json appleSignIn) exactly when the Apple provider exists', () => {
    const apple = { appleServicesId: 'com.example.web', appleTeamId: 'TEAM123456', appleKeyId: 'KEY1234567', applePrivateKeySecretArn: 'apple-private-key', authDomainPrefix: 'ride-platform-test' };
    const withApple = contextApp(apple);
    expect(new WebStack(withApple, 'AppleWeb', standaloneWebStackProps(withApple, fixtureDist())).runtimeConfig.appleSignIn).toBe(true);
    const without = contextApp({ authDomainPrefix: 'ride-platform-test' });
    expect(new WebStack(without, 'NoAppleWeb', standaloneWebStackProps(without, fixtureDist())).runtimeConfig.appleSignIn).toBeUndefined();
  });

  it('refuses the retired plain-value keys, naming the key to use instead', () => {
    expect(() => readAppConfig(contextApp({ facebookAppId: '1', facebookAppSecret: 'shh' }).node)).toThrow(/facebookAppSecretArn/);
    expect(() => readAppConfig(contextApp({ applePrivateKey: '-----BEGIN' }).node)).toThrow(/applePrivateKeySecretArn/);
    expect(() => readAppConfig(contextApp({ facebookAppId: '1' }).node)).toThrow(/facebookAppSecretArn/);
  });
});

describe('cdk-nag (AwsSolutions) beyond the default stage', () => {
  it('is clean for prod in another region with a custom domain (cross-region WAF reference included)', () => {
    const prod = buildApp({
      ...options,
      region: 'eu-west-1',
      webDist: fixtureDist(),
      context: {
        ...options.context,
        stage: 'prod',
        domainName: 'app.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-1111-2222-3333-444455556666',
        hostedZoneId: 'Z0123456789ABC',
      },
    });
    expect(() => prod.app.synth()).not.toThrow();
  });
});
