import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '../../lambdas/src/adapters/dynamodb/table-definition';
import { ROLES } from '../../shared/src/contract/route';
import { routes } from '../../shared/src/contract/routes';
import { sdkCalls } from './support/cors-origins';
import { fixtureDist } from './support/fixture-dist';
import { standaloneWebStackProps } from './support/web-stack-props';
import { buildApp, cdkJsonContext, type BuiltApp } from '../../infra/bin/build-app';
import { readAppConfig } from '../../infra/constructs/app-config';
import { assertHandlerEntries } from '../../infra/constructs/node-function';
import { FAN_OUT_RETRY, POSITIONS_RETRY } from '../../infra/constructs/stream-retries';
import { streamRetryOf } from '../../infra/local/functions/deployed-functions';
import { DataStack } from '../../infra/stacks/data-stack';
import { AuthStack } from '../../infra/stacks/auth-stack';
import { WebStack } from '../../infra/stacks/web-stack';

type Json = Record<string, any>;

let built: BuiltApp;
let synthError: unknown;
const tpl = {} as Record<'data' | 'auth' | 'api' | 'web' | 'push' | 'geo', Template>;

/** A stand-in for web/dist, which other work rebuilds at any moment. */
beforeAll(() => {
  const options = {
    withCdkJsonContext: true,
    // Bundling is esbuild per handler: slow, and not what these tests check.
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
    webDist: fixtureDist(),
  };
  built = buildApp(options);
  // One synth for everything. cdk-nag runs here as a validation plugin and throws on any finding.
  // Keep that error for the nag tests and rebuild without the plugin, so that the other tests
  // still report on what they check.
  try {
    built.app.synth();
  } catch (e) {
    synthError = e;
    built = buildApp({ ...options, nagChecks: false });
    built.app.synth();
  }
  for (const k of ['data', 'auth', 'api', 'web', 'push', 'geo'] as const) tpl[k] = Template.fromStack(built[k]);
});

/** Full REST path of every AWS::ApiGateway::Resource, by logical id. */
function restPaths(template: Template): Map<string, string> {
  const resources = template.findResources('AWS::ApiGateway::Resource');
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known) return known;
    const props = resources[id]!.Properties as Json;
    const parent = props.ParentId.Ref ? pathOf(props.ParentId.Ref as string) : '';
    const full = `${parent}/${props.PathPart as string}`;
    paths.set(id, full);
    return full;
  };
  for (const id of Object.keys(resources)) pathOf(id);
  return paths;
}

function methodsByKey(template: Template): Map<string, Json> {
  const paths = restPaths(template);
  const out = new Map<string, Json>();
  for (const m of Object.values(template.findResources('AWS::ApiGateway::Method'))) {
    const p = m.Properties as Json;
    const path = p.ResourceId.Ref ? paths.get(p.ResourceId.Ref as string)! : '/';
    out.set(`${p.HttpMethod as string} ${path}`, p);
  }
  return out;
}

const pascal = (s: string) => s.replace(/(^|[^a-zA-Z0-9]+)([a-zA-Z0-9])/g, (_, __, c: string) => c.toUpperCase());

describe('REST API from the contract', () => {
  it('has one method per contract route, on its path, with a Lambda proxy integration and the right auth', () => {
    const methods = methodsByKey(tpl.api);
    const authorizers = Object.keys(tpl.api.findResources('AWS::ApiGateway::Authorizer'));
    expect(authorizers).toHaveLength(1);

    for (const route of routes) {
      const m = methods.get(`${route.method} ${route.path}`);
      expect(m, `${route.method} ${route.path} (${route.operationId})`).toBeDefined();
      expect(m!.OperationName).toBe(route.operationId);
      expect(m!.Integration.Type).toBe('AWS_PROXY');
      expect(m!.Integration.IntegrationHttpMethod).toBe('POST');
      const uri = JSON.stringify(m!.Integration.Uri);
      expect(uri).toContain(':lambda:path/2015-03-31/functions/');
      // Its own function, not a shared one.
      expect(uri).toContain(`Http${pascal(route.area)}${pascal(route.operationId)}Fn`);
      if (route.auth === 'public') {
        expect(m!.AuthorizationType).toBe('NONE');
        expect(m!.AuthorizerId).toBeUndefined();
      } else {
        expect(m!.AuthorizationType).toBe('COGNITO_USER_POOLS');
        expect(m!.AuthorizerId).toEqual({ Ref: authorizers[0] });
      }
    }
  });

  it('has no method that is not in the contract (besides CORS preflight)', () => {
    const expected = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const extra = [...methodsByKey(tpl.api).keys()].filter((k) => !k.startsWith('OPTIONS ') && !expected.has(k));
    expect(extra).toEqual([]);
  });

  it('builds every route handler with the project defaults', () => {
    for (const route of routes) {
      const handler = built.api.routeFunctions.get(route.operationId);
      expect(handler, route.operationId).toBeDefined();
      Template.fromStack(Stack.of(handler!.fn)).hasResourceProperties('AWS::Lambda::Function', {
        Description: `${route.method} ${route.path} (${route.operationId})`,
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 10,
        Handler: 'index.handler',
        LoggingConfig: { LogGroup: Match.anyValue() },
        Environment: {
          Variables: Match.objectLike({
            TABLE_NAME: Match.anyValue(),
            USER_POOL_ID: Match.anyValue(),
            USER_POOL_CLIENT_ID: Match.anyValue(),
            UPLOAD_BUCKET: Match.anyValue(),
            WS_CALLBACK_URL: Match.anyValue(),
            PLACE_INDEX_NAME: Match.anyValue(),
            ROUTE_CALCULATOR_NAME: Match.anyValue(),
            POWERTOOLS_SERVICE_NAME: Match.anyValue(),
            NODE_OPTIONS: '--enable-source-maps',
          }),
        },
      });
    }
  });

  it('grants handlers no wildcard resource and no Scan', () => {
    for (const handler of built.api.routeFunctions.values()) {
      const policies = Template.fromStack(Stack.of(handler.fn)).findResources('AWS::IAM::Policy');
      for (const policy of Object.values(policies)) {
        for (const st of (policy.Properties as Json).PolicyDocument.Statement as Json[]) {
          expect([st.Resource].flat()).not.toContain('*');
          expect([st.Action].flat()).not.toContain('dynamodb:Scan');
        }
      }
    }
  });

  it('names every missing handler entry instead of skipping the route', () => {
    expect(() =>
      assertHandlerEntries([
        { label: 'GET /nope (nope)', entry: 'lambdas/src/http/nope/nope.ts' },
        { label: 'GET /me (fetchUser)', entry: 'lambdas/src/http/users/fetch-user.ts' },
      ]),
    ).toThrow(/lambdas\/src\/http\/nope\/nope\.ts\s+\(GET \/nope \(nope\)\)/);
  });
});

describe('DynamoDB table from tableDefinition', () => {
  it('has stream, PITR, TTL, on-demand billing, AWS-managed encryption and the GSIs', () => {
    tpl.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    tpl.data.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamViewType: tableDefinition.stream },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
      }),
    });
    expect(tableDefinition.stream).toBe('NEW_AND_OLD_IMAGES');
    const table = Object.values(tpl.data.findResources('AWS::DynamoDB::Table'))[0]!.Properties as Json;
    const gsis = table.GlobalSecondaryIndexes as Json[];
    expect(gsis.map((g) => g.IndexName).sort()).toEqual(tableDefinition.globalIndexes.map((i) => i.name).sort());
    for (const index of tableDefinition.globalIndexes) {
      expect(gsis).toContainEqual({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
  });
});

describe('buckets', () => {
  it('are never public and refuse plain HTTP', () => {
    let count = 0;
    for (const template of Object.values(tpl)) {
      const policies = Object.values(template.findResources('AWS::S3::BucketPolicy')).map((p) => p.Properties as Json);
      for (const [id, bucket] of Object.entries(template.findResources('AWS::S3::Bucket'))) {
        count++;
        expect((bucket.Properties as Json).PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        const policy = policies.find((p) => p.Bucket?.Ref === id);
        expect(policy, `${id} has a bucket policy`).toBeDefined();
        expect(policy!.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        );
        expect((bucket.Properties as Json).WebsiteConfiguration, id).toBeUndefined();
      }
    }
    expect(count).toBeGreaterThanOrEqual(3);
  });

  it('lets the site PUT presigned uploads', () => {
    const [call] = sdkCalls(tpl.web).filter((c) => c.action === 'PutBucketCors');
    expect(call!.parameters.CORSConfiguration.CORSRules).toEqual([expect.objectContaining({ AllowedMethods: expect.arrayContaining(['PUT']) })]);
  });
});

describe('Cognito', () => {
  it('has the four role groups', () => {
    tpl.auth.resourceCountIs('AWS::Cognito::UserPoolGroup', ROLES.length);
    for (const role of ROLES) tpl.auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: role });
  });

  it('allows no self sign-up and no user-writable role attribute', () => {
    tpl.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 6, RequireSymbols: false, RequireUppercase: false }) },
    });
    const client = Object.values(tpl.auth.findResources('AWS::Cognito::UserPoolClient'))[0]!.Properties as Json;
    expect(client.GenerateSecret).toBe(false);
    expect(client.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    expect(client.WriteAttributes.length).toBeGreaterThan(0);
    for (const attr of client.WriteAttributes as string[]) expect(attr).not.toMatch(/^custom:|group|role/i);
    tpl.auth.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });

  it('adds Facebook and Apple only when their context is given', () => {
    const app = new App({
      builtinCloudFormationValidation: false,
      context: {
        ...cdkJsonContext(),
        facebookAppId: '123',
        facebookAppSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:facebook-app-secret-AbCdEf',
        appleServicesId: 'com.example.web',
        appleTeamId: 'TEAM123456',
        appleKeyId: 'KEY1234567',
        applePrivateKeySecretArn: 'apple-private-key',
        authDomainPrefix: 'ride-platform-test',
      },
    });
    const config = readAppConfig(app.node);
    const data = new DataStack(app, 'FederatedData', { config });
    const stack = new AuthStack(app, 'FederatedAuth', { config, table: data.table });
    const t = Template.fromStack(stack);
    t.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', { ProviderName: 'Facebook' });
    t.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', { ProviderName: 'SignInWithApple' });
    t.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: Match.arrayWith(['COGNITO', 'Facebook', 'SignInWithApple']),
    });
    t.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
  });
});

describe('licence check', () => {
  it('passes the deployer\'s licenseCheckUrl to the handlers, and nothing when it is not given', () => {
    const withUrl = buildApp({
      withCdkJsonContext: true, nagChecks: false, builtinCloudFormationValidation: false, webDist: fixtureDist(),
      context: { 'aws:cdk:bundling-stacks': [], licenseCheckUrl: 'https://licence.example.com/check' },
    });
    const fns = Template.fromStack(withUrl.api).findResources('AWS::Lambda::Function');
    const nested = withUrl.api.node.findAll().filter((c) => c instanceof Stack && c !== withUrl.api) as Stack[];
    const all = [fns, ...nested.map((n) => Template.fromStack(n).findResources('AWS::Lambda::Function'))];
    const envs = all.flatMap((r) => Object.values(r)).map((f: any) => f.Properties?.Environment?.Variables ?? {});
    expect(envs.some((e) => e.LICENSE_CHECK_URL === 'https://licence.example.com/check')).toBe(true);
    const without = [tpl.api, ...(built.api.node.findAll().filter((c) => c instanceof Stack && c !== built.api) as Stack[]).map((n) => Template.fromStack(n))]
      .flatMap((t) => Object.values(t.findResources('AWS::Lambda::Function')))
      .map((f: any) => f.Properties?.Environment?.Variables ?? {});
    expect(without.every((e) => e.LICENSE_CHECK_URL === undefined)).toBe(true);
  });
});

describe('public uploads', () => {
  it('serves /public/* from the uploads bucket, read-only, to this account\'s CloudFront only', () => {
    tpl.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: { CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/public/*', AllowedMethods: ['GET', 'HEAD'] })]) },
    });
    tpl.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({
        Sid: 'SiteReadsPublicUploads', Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' },
      })]) },
    });
  });
});

describe('throttling', () => {
  it('sets the contract\'s method throttling on the stage', () => {
    const throttled = routes.filter((r) => r.throttle);
    expect(throttled.length).toBeGreaterThan(0);
    tpl.api.hasResourceProperties('AWS::ApiGateway::Stage', {
      MethodSettings: Match.arrayWith(throttled.map((r) => Match.objectLike({
        HttpMethod: r.method,
        ResourcePath: `/${r.path.replace(/\//g, '~1')}`,
        ThrottlingRateLimit: r.throttle!.ratePerSecond,
        ThrottlingBurstLimit: r.throttle!.burst,
      }))),
    });
  });
});

describe('phone OTP sign-in', () => {
  it('wires the define, create and verify custom-auth triggers to the pool', () => {
    tpl.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        DefineAuthChallenge: Match.anyValue(),
        CreateAuthChallenge: Match.anyValue(),
        VerifyAuthChallengeResponse: Match.anyValue(),
      },
    });
  });

  it('lets only the create trigger text, and never publish to a topic', () => {
    tpl.auth.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([
        Match.objectLike({ Action: 'sns:Publish', Effect: 'Allow', Resource: '*' }),
        Match.objectLike({ Action: 'sns:Publish', Effect: 'Deny' }),
      ]) },
    });
  });
});

describe('realtime', () => {
  it('has a WebSocket API with $connect, $disconnect and $default on an auto-deployed ws stage', () => {
    for (const key of ['$connect', '$disconnect', '$default']) {
      tpl.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: key, Target: Match.anyValue() });
    }
    tpl.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws', AutoDeploy: true });
  });

  it('consumes the table stream in batches of 100 with bisect, 3 retries and partial failures', () => {
    tpl.api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: Match.anyValue(),
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 3,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
  });

  it('gives the local cloud each stream consumer\'s retry rules from its mapping, as written once for both', () => {
    const template = tpl.api.toJSON() as Parameters<typeof streamRetryOf>[0];
    const fnNamed = (prefix: string) => {
      const id = Object.keys(tpl.api.findResources('AWS::Lambda::Function')).find((k) => k.startsWith(prefix));
      if (!id) throw new Error(`no function ${prefix}`);
      return id;
    };
    expect(streamRetryOf(template, fnNamed('StreamFanOut')).streamRetry).toEqual(FAN_OUT_RETRY);
    expect(streamRetryOf(template, fnNamed('DriverPositions')).streamRetry).toEqual(POSITIONS_RETRY);
    // A queue's consumer is no stream consumer.
    expect(streamRetryOf(template, fnNamed('DispatchJobs')).streamRetry).toBeUndefined();
  });

  it('lets only the posting functions manage connections', () => {
    const posting = Object.entries(tpl.api.findResources('AWS::IAM::Policy'))
      .filter(([, p]) => JSON.stringify(p).includes('execute-api:ManageConnections'))
      .map(([id]) => id)
      .sort();
    expect(posting).toEqual([expect.stringMatching(/^DriverPositions/), expect.stringMatching(/^StreamFanOut/), expect.stringMatching(/^WsMessage/)]);
  });
});

/** The actions a route's function may call on anything but the table, by operationId. */
function extraActions(operationId: string): string[] {
  const fn = built.api.routeFunctions.get(operationId)!;
  const policies = Template.fromStack(Stack.of(fn.fn)).findResources('AWS::IAM::Policy');
  const roleId = Stack.of(fn.fn).getLogicalId(fn.role.node.defaultChild as never);
  const actions: string[] = [];
  for (const p of Object.values(policies)) {
    if (!JSON.stringify((p.Properties as Json).Roles).includes(roleId)) continue;
    for (const st of (p.Properties as Json).PolicyDocument.Statement as Json[]) {
      actions.push(...[st.Action].flat().filter((a: string) => !a.startsWith('dynamodb:') && !a.startsWith('logs:')));
    }
  }
  return [...new Set(actions)].sort();
}

/** The table statements of a route's function: actions and resources. */
function tableStatements(operationId: string): { actions: string[]; resources: string }[] {
  const fn = built.api.routeFunctions.get(operationId)!;
  const policies = Template.fromStack(Stack.of(fn.fn)).findResources('AWS::IAM::Policy');
  const roleId = Stack.of(fn.fn).getLogicalId(fn.role.node.defaultChild as never);
  const out: { actions: string[]; resources: string }[] = [];
  for (const p of Object.values(policies)) {
    if (!JSON.stringify((p.Properties as Json).Roles).includes(roleId)) continue;
    for (const st of (p.Properties as Json).PolicyDocument.Statement as Json[]) {
      const actions = [st.Action].flat().filter((a: string) => a.startsWith('dynamodb:'));
      if (actions.length) out.push({ actions: actions.sort(), resources: JSON.stringify(st.Resource) });
    }
  }
  return out;
}

describe('dispatch story (issue 22 item 8)', () => {
  it('lets the story route read the table (get, batch get, query) and nothing else: no write, no index', () => {
    const statements = tableStatements('fetchDispatchStory');
    expect(statements.map((s) => s.actions)).toEqual([['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']]);
    expect(statements[0]!.resources).not.toContain('index');
    expect(extraActions('fetchDispatchStory')).toEqual([]);
    // The routes that write the story keep their writes.
    for (const op of ['addBooking', 'declineBooking', 'acceptBooking', 'assignDriver', 'cancelBooking']) {
      expect(tableStatements(op).flatMap((s) => s.actions), op).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
    }
  });
});

describe('sessions and guessing limits (issue 19 items 7 and 8)', () => {
  it('lets exactly the routes that end sessions call AdminUserGlobalSignOut, and nothing else of Cognito', () => {
    for (const op of ['signOut', 'setUserApproval']) expect(extraActions(op), op).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
    for (const op of ['fetchUser', 'updateProfile', 'editUser', 'checkUserExists', 'validateReferrer', 'startTrip']) {
      expect(extraActions(op), op).not.toContain('cognito-idp:AdminUserGlobalSignOut');
    }
  });

  it('lets the post-confirmation trigger end sessions after a password reset', () => {
    const policies = Object.values(tpl.auth.findResources('AWS::IAM::Policy')).map((p) => (p.Properties as Json).PolicyDocument.Statement as Json[]);
    const actions = (sts: Json[]) => sts.flatMap((st) => [st.Action].flat() as string[]);
    const trigger = policies.filter((sts) => actions(sts).includes('cognito-idp:AdminUserGlobalSignOut'));
    expect(trigger).toHaveLength(1);
    expect(actions(trigger[0]!)).toEqual(expect.arrayContaining(['cognito-idp:AdminAddUserToGroup', 'dynamodb:UpdateItem']));
  });

  it('lets the create and verify triggers count phone attempts, and only in their own items', () => {
    const counting = Object.values(tpl.auth.findResources('AWS::IAM::Policy')).flatMap((p) => (p.Properties as Json).PolicyDocument.Statement as Json[])
      .filter((st) => JSON.stringify(st.Condition ?? {}).includes('ATTEMPTS#otp*'));
    expect(counting).toHaveLength(2);
    for (const st of counting) {
      expect([st.Action].flat().sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
      expect(st.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ATTEMPTS#otp*'] } });
    }
  });

  it('puts a web ACL on the user pool, with a stricter per-IP rule on the sign-in and sign-up actions', () => {
    const acls = tpl.auth.findResources('AWS::WAFv2::WebACL');
    expect(Object.keys(acls)).toHaveLength(1);
    const acl = Object.values(acls)[0]!.Properties as Json;
    expect(acl.Scope).toBe('REGIONAL');
    const rule = (acl.Rules as Json[]).find((r) => r.Name === 'SignInRatePerIp')!;
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'rate-limited' } } });
    const stmt = rule.Statement.RateBasedStatement as Json;
    expect(stmt).toMatchObject({ Limit: 100, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const targets = (stmt.ScopeDownStatement.OrStatement.Statements as Json[]).map((x) => x.ByteMatchStatement.SearchString);
    expect(targets).toEqual(expect.arrayContaining(['AWSCognitoIdentityProviderService.InitiateAuth', 'AWSCognitoIdentityProviderService.RespondToAuthChallenge', 'AWSCognitoIdentityProviderService.SignUp', 'AWSCognitoIdentityProviderService.ForgotPassword']));
    const poolId = Object.keys(tpl.auth.findResources('AWS::Cognito::UserPool'))[0]!;
    tpl.auth.hasResourceProperties('AWS::WAFv2::WebACLAssociation', { ResourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] } });
  });

  it('turns Cognito threat protection on in production only', () => {
    const poolOf = (stage: string) => {
      const app = new App({ builtinCloudFormationValidation: false, context: { ...cdkJsonContext(), stage } });
      const config = readAppConfig(app.node);
      const data = new DataStack(app, `Data${stage}`, { config });
      const t = Template.fromStack(new AuthStack(app, `Auth${stage}`, { config, table: data.table }));
      return Object.values(t.findResources('AWS::Cognito::UserPool'))[0]!.Properties as Json;
    };
    expect(poolOf('prod')).toMatchObject({ UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' } });
    expect(poolOf('dev').UserPoolTier).toBe('ESSENTIALS');
  });
});

describe('booking and dispatch', () => {
  it('grants each map operation only the Amazon Location action it calls', () => {
    expect(extraActions('autocomplete')).toEqual(['geo:SearchPlaceIndexForSuggestions']);
    expect(extraActions('getCoords')).toEqual(['geo:GetPlace']);
    expect(extraActions('getAddress')).toEqual(['geo:SearchPlaceIndexForPosition']);
    expect(extraActions('getRoute')).toEqual(['geo:CalculateRoute']);
    expect(extraActions('getDriveTime')).toEqual(['geo:CalculateRoute']);
    expect(extraActions('getEstimate')).toEqual(['geo:CalculateRoute']);
    // Booking: the route for the fare, and the timers of dispatch and Book Later.
    expect(extraActions('addBooking')).toEqual(['geo:CalculateRoute', 'iam:PassRole', 'scheduler:CreateSchedule', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    for (const op of ['cancelBooking', 'assignDriver', 'fetchAssignableDrivers', 'fetchOffers', 'updateDriverLocation', 'setDriverAvailability']) {
      expect(extraActions(op), op).toEqual([]);
    }
  });

  it('has a jobs queue with a dead-letter queue, consumed in batches with partial failures', () => {
    tpl.api.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: 180,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: 5 },
    });
    tpl.api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Jobs'), 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    tpl.api.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Timer jobs'),
      Environment: { Variables: Match.objectLike({ JOB_QUEUE_URL: Match.anyValue(), SCHEDULE_GROUP: Match.anyValue(), SCHEDULER_ROLE_ARN: Match.anyValue() }) },
    });
  });

  it('lets EventBridge Scheduler only drop messages into the jobs queue, in its own schedule group', () => {
    tpl.api.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    tpl.api.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })] },
    });
    const schedulerPolicies = Object.values(tpl.api.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify((p.Properties as Json).Roles).includes('SchedulerRole'));
    expect(schedulerPolicies).toHaveLength(1);
    const actions = ((schedulerPolicies[0]!.Properties as Json).PolicyDocument.Statement as Json[]).flatMap((st) => [st.Action].flat());
    expect(actions.sort()).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
  });

  it('lets the stream fan-out put a failed push on the jobs queue, and nothing of the scheduler', () => {
    const fanOutPolicies = Object.values(tpl.api.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify((p.Properties as Json).Roles).includes('StreamFanOut'));
    const statements = fanOutPolicies.flatMap((p) => (p.Properties as Json).PolicyDocument.Statement as Json[]);
    const toJobs = statements.filter((st) => JSON.stringify(st.Resource).includes('Jobs') && [st.Action].flat().some((a: string) => a.startsWith('sqs:')));
    expect(toJobs.flatMap((st) => [st.Action].flat()).sort()).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    const actions = statements.flatMap((st) => [st.Action].flat());
    expect(actions).not.toContain('scheduler:CreateSchedule');
    expect(actions).not.toContain('iam:PassRole');
    tpl.api.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Table stream consumer'),
      Environment: { Variables: Match.objectLike({ JOB_QUEUE_URL: Match.anyValue() }) },
    });
  });

  it('gives the functions that schedule timers the jobs queue and group', () => {
    const fn = built.api.routeFunctions.get('addBooking')!;
    Template.fromStack(Stack.of(fn.fn)).hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ JOB_QUEUE_URL: Match.anyValue(), JOB_QUEUE_ARN: Match.anyValue() }) },
    });
  });
});

describe('the trip', () => {
  const jobs = ['iam:PassRole', 'scheduler:CreateSchedule', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'];
  const uploads = ['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:ListMultipartUploadParts', 's3:PutObject'];
  it('grants each step only what it calls beyond the table', () => {
    // Decline and give-up put the next dispatch round on the timer.
    expect(extraActions('declineBooking')).toEqual(jobs);
    expect(extraActions('releaseBooking')).toEqual(jobs);
    // REACHED prices the driven route and names the drop.
    expect(extraActions('reachBooking')).toEqual(['geo:CalculateRoute', 'geo:SearchPlaceIndexForPosition']);
    expect(extraActions('fetchTracking')).toEqual(['geo:CalculateRoute']);
    // Trip photos are private: uploads are presigned, lists and details carry presigned read links.
    for (const op of ['createTripPhotoUploadUrl', 'setTripPhoto', 'fetchBooking', 'fetchBookings']) expect(extraActions(op), op).toEqual(uploads);
    // So is a driver's licence: replacing it checks the object, reading it signs a short-lived link; the vehicle and bank details touch only the table.
    for (const op of ['setLicenceImage', 'fetchLicenceImage']) expect(extraActions(op), op).toEqual(uploads);
    expect(extraActions('updateDriverDetails')).toEqual([]);
    for (const op of ['acceptBooking', 'arriveBooking', 'startTrip', 'settleBooking', 'payBooking', 'completeBooking', 'fetchChat', 'sendChatMessage', 'fetchWallet', 'addToWallet']) {
      expect(extraActions(op), op).toEqual([]);
    }
  });

  it('gives the steps that schedule rounds the jobs queue and group', () => {
    for (const op of ['declineBooking', 'releaseBooking']) {
      const fn = built.api.routeFunctions.get(op)!;
      Template.fromStack(Stack.of(fn.fn)).hasResourceProperties('AWS::Lambda::Function', {
        Description: Match.stringLikeRegexp(op === 'declineBooking' ? 'decline' : 'release'),
        Environment: { Variables: Match.objectLike({ JOB_QUEUE_URL: Match.anyValue(), SCHEDULE_GROUP: Match.anyValue() }) },
      });
    }
  });
});

describe('withdrawals', () => {
  it('makes each withdraw route a function of its own, in the withdraws area, with the table and nothing more', () => {
    for (const op of ['requestWithdraw', 'fetchWithdraws', 'completeWithdraw']) {
      const fn = built.api.routeFunctions.get(op);
      expect(fn, op).toBeDefined();
      expect(Stack.of(fn!.fn).templateOptions.description ?? '', op).toContain('withdraws');
      // No Cognito, uploads, jobs, push, payment secrets or maps: the hold and the processing are table writes.
      expect(extraActions(op), op).toEqual([]);
    }
  });
});

describe('site', () => {
  it('serves a private bucket through OAC, with SPA rewrite and /api/* to the REST API uncached', () => {
    tpl.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2); // the site and the public uploads
    tpl.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
            AllowedMethods: Match.arrayWith(['PUT', 'PATCH', 'POST', 'DELETE']),
          }),
        ]),
        // The SPA fallback is the viewer-request function: distribution-wide error responses would
        // also rewrite the API's own 403/404 answers.
        CustomErrorResponses: Match.absent(),
      }),
    });
  });

  it('deploys hashed assets immutable and the entry files (index.html, config.json) no-cache', () => {
    tpl.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    tpl.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'no-cache' },
      SourceObjectKeys: Match.arrayEquals([Match.anyValue(), Match.anyValue()]),
    });
  });

  it('still deploys config.json, with a warning, when the site is not built', () => {
    const app = new App({ context: cdkJsonContext(), builtinCloudFormationValidation: false });
    const web = new WebStack(app, 'WebWithoutDist', standaloneWebStackProps(app, path.join(tmpdir(), 'no-such-web-dist')));
    Annotations.fromStack(web).hasWarning('*', Match.stringLikeRegexp('does not exist at synth time'));
    Template.fromStack(web).resourceCountIs('Custom::CDKBucketDeployment', 1);
  });

  it('deploys config.json with what the web needs', () => {
    expect(Object.keys(built.web.runtimeConfig).sort()).toEqual(
      ['apiUrl', 'authFlowType', 'cognitoEndpoint', 'mapStyle', 'region', 'userPoolClientId', 'userPoolId', 'wsUrl'].sort(),
    );
    expect(built.web.runtimeConfig.authFlowType).toBe('USER_SRP_AUTH');
    // The basemap: Amazon Location's style descriptor, with the browser key read at deploy.
    expect(JSON.stringify(built.web.runtimeConfig.mapStyle)).toMatch(/maps\/v0\/maps\/.*style-descriptor\?key=/);
    tpl.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      SourceMarkers: Match.arrayWith([Match.objectLike({})]),
      DistributionPaths: ['/*'],
    });
  });
});

describe('map key', () => {
  it('lets browsers only read the basemap, and the key reader only describe that key', () => {
    tpl.geo.hasResourceProperties('AWS::Location::APIKey', {
      NoExpiry: true,
      Restrictions: { AllowActions: ['geo:GetMap*'], AllowResources: [{ 'Fn::GetAtt': [Match.stringLikeRegexp('^Map'), 'Arn'] }] },
    });
    const statements = Object.values(tpl.geo.findResources('AWS::IAM::Policy'))
      .flatMap((p) => (p.Properties as Json).PolicyDocument.Statement as Json[]);
    expect(statements.map((st) => st.Action)).toEqual(['geo:DescribeKey']);
    expect(JSON.stringify(statements[0]!.Resource)).toContain('KeyArn');
  });

  it('opens the maps at the deployer\'s mapCenter when given', () => {
    const app = new App({ context: { ...cdkJsonContext(), mapCenter: '-34.6,-58.38' } });
    expect(readAppConfig(app.node).mapCenter).toEqual({ lat: -34.6, lng: -58.38 });
    expect(() => readAppConfig(new App({ context: { mapCenter: 'nowhere' } }).node)).toThrow(/mapCenter/);
  });
});

describe('cdk-nag (AwsSolutions)', () => {
  const findings = (severity: 'error' | 'warning') =>
    new AwsSolutionsChecks(undefined, { verbose: false })
      .validateScope(built.app)
      .violations.filter((v) => v.severity === severity)
      .map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => (r as Json).constructPath).join(', ')}`);

  it('synthesizes with every finding fixed or acknowledged with a reason', () => {
    expect(synthError === undefined ? undefined : String(synthError)).toBeUndefined();
  });

  it('reports no unacknowledged errors', () => {
    expect(findings('error')).toEqual([]);
  });

  it('reports no unacknowledged warnings', () => {
    expect(findings('warning')).toEqual([]);
  });
});

describe('earnings reports', () => {
  it('read the table only: nothing beyond it', () => {
    for (const op of ['fetchEarningsReport', 'fetchDriverEarnings']) expect(extraActions(op), op).toEqual([]);
  });
});
