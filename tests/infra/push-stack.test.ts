import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultApp } from './support/default-app';
import { fixtureDist } from './support/fixture-dist';
import { buildApp, type BuiltApp } from '../../infra/bin/build-app';
import { DIRECT_SMS_SID } from '../../infra/stacks/api-stack';

type Json = Record<string, any>;

const FCM = 'arn:aws:secretsmanager:us-east-1:111111111111:secret:push-fcm-AbCdEf';
const APNS = 'arn:aws:secretsmanager:us-east-1:111111111111:secret:push-apns-AbCdEf';

/**
 * Every SNS statement of a function's role but the direct-SMS one: actions and resources as JSON
 * text; `denies` and `sms` count the SNS deny statements and the direct-SMS statements.
 */
function snsGrants(stack: Stack, roleLogicalId: string): { actions: string[]; resources: string; denies: number; sms: number } {
  const actions = new Set<string>();
  let resources = '';
  let denies = 0;
  let sms = 0;
  for (const p of Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy'))) {
    if (!JSON.stringify((p.Properties as Json).Roles).includes(roleLogicalId)) continue;
    for (const st of (p.Properties as Json).PolicyDocument.Statement as Json[]) {
      const mine = [st.Action].flat().filter((a: string) => a.startsWith('sns:'));
      if (!mine.length) continue;
      if (st.Effect === 'Deny') { denies++; continue; }
      if (st.Sid === DIRECT_SMS_SID) { sms++; continue; }
      mine.forEach((a: string) => actions.add(a));
      resources += JSON.stringify(st.Resource);
    }
  }
  return { actions: [...actions].sort(), resources, denies, sms };
}

function routeGrants(built: BuiltApp, operationId: string) {
  const fn = built.api.routeFunctions.get(operationId)!;
  const stack = Stack.of(fn.fn);
  return snsGrants(stack, stack.getLogicalId(fn.role.node.defaultChild as never));
}

/** The grants of a function built directly in the Api stack, found by its construct id. */
function apiFunctionGrants(built: BuiltApp, id: string) {
  const role = built.api.node.findAll().find((c) => c.node.path.endsWith(`/${id}/Role`))!;
  return snsGrants(built.api, built.api.getLogicalId(role.node.defaultChild as never));
}

describe('push wiring with FCM and APNs credentials', () => {
  let on: BuiltApp;
  beforeAll(() => {
    // cdk-nag runs in this synth: a finding on the provider, the topic or the grants fails it.
    on = buildApp({
      withCdkJsonContext: true,
      context: { 'aws:cdk:bundling-stacks': [], pushFcmSecretArn: FCM, pushApnsSecretArn: APNS },
      builtinCloudFormationValidation: false,
      webDist: fixtureDist(),
    });
    on.app.synth();
  });

  it('makes one platform application per platform from its secret, with endpoint events to the events topic', () => {
    const push = Template.fromStack(on.push);
    push.resourceCountIs('Custom::SnsPlatformApplication', 2);
    push.hasResourceProperties('Custom::SnsPlatformApplication', { Platform: 'GCM', SecretArn: FCM, EventsTopicArn: { Ref: Match.stringLikeRegexp('PushEndpointEvents') } });
    push.hasResourceProperties('Custom::SnsPlatformApplication', { Platform: 'APNS', SecretArn: APNS });
    expect(JSON.stringify(push.toJSON())).not.toMatch(/BEGIN PRIVATE KEY/);
  });

  it('lets only device registration create endpoints, and only pushing functions publish to them', () => {
    expect(routeGrants(on, 'registerDevice').actions).toEqual(['sns:CreatePlatformEndpoint', 'sns:DeleteEndpoint', 'sns:GetEndpointAttributes', 'sns:Publish', 'sns:SetEndpointAttributes']);
    expect(routeGrants(on, 'registerDevice').resources).toMatch(/endpoint\/GCM\/ride-platform-[a-z0-9-]+-android\/\*/);
    for (const op of ['sendNotification', 'unregisterDevice']) {
      expect(routeGrants(on, op).actions, op).toEqual(['sns:DeleteEndpoint', 'sns:GetEndpointAttributes', 'sns:Publish', 'sns:SetEndpointAttributes']);
      expect(routeGrants(on, op).resources, op).toMatch(/endpoint\/APNS\/ride-platform-[a-z0-9-]+-ios\/\*/);
    }
    for (const op of ['fetchNotifications', 'addNotification', 'broadcastNotification', 'fetchUser', 'addBooking']) {
      expect(routeGrants(on, op).actions, op).toEqual([]);
    }
    for (const id of ['StreamFanOut', 'DispatchJobs', 'PushEndpointEvents']) {
      const g = apiFunctionGrants(on, id);
      expect(g.actions, id).toContain('sns:Publish');
      expect(g.actions, id).not.toContain('sns:CreatePlatformEndpoint');
      expect(g.resources, id).not.toMatch(/"\*"/);
      // A deny on SNS ARNs (the sign-in code sender's way to keep "*" to SMS) would refuse the endpoints too.
      expect(g.denies, id).toBe(0);
    }
    // The fan-out also texts a parcel's recipient their trip link: SMS has no ARN, only that statement names "*".
    expect(apiFunctionGrants(on, 'StreamFanOut').sms).toBe(1);
  });

  it('consumes the endpoint events topic with its own function and names the applications to the handlers', () => {
    const api = Template.fromStack(on.api);
    api.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', TopicArn: Match.anyValue() });
    const fn = on.api.routeFunctions.get('registerDevice')!;
    Template.fromStack(Stack.of(fn.fn)).hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ PUSH_ANDROID_APP_ARN: Match.anyValue(), PUSH_IOS_APP_ARN: Match.anyValue() }) },
    });
  });
});

describe('push wiring without credentials (the default)', () => {
  it('synthesizes offline with no platform application and no endpoint grants', () => {
    const off = defaultApp();
    Template.fromStack(off.push).resourceCountIs('Custom::SnsPlatformApplication', 0);
    Template.fromStack(off.push).resourceCountIs('AWS::SNS::Topic', 1);
    expect(routeGrants(off, 'registerDevice').actions).toEqual([]);
    const fn = off.api.routeFunctions.get('registerDevice')!;
    const vars = Object.values(Template.fromStack(Stack.of(fn.fn)).findResources('AWS::Lambda::Function')).map((f) => (f.Properties as Json).Environment?.Variables ?? {});
    expect(vars.some((v) => 'PUSH_ANDROID_APP_ARN' in v)).toBe(false);
  });
});
