import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultApp } from './support/default-app';
import { fixtureDist } from './support/fixture-dist';
import { buildApp, type BuiltApp } from '../../infra/bin/build-app';

type Json = Record<string, any>;

/** The actions a route's function may take on secrets, and on which secrets (by logical id). */
function secretGrants(built: BuiltApp, operationId: string): { actions: string[]; secrets: string[] } {
  const fn = built.api.routeFunctions.get(operationId)!;
  const stack = Stack.of(fn.fn);
  const roleId = stack.getLogicalId(fn.role.node.defaultChild as never);
  const actions = new Set<string>();
  const secrets = new Set<string>();
  for (const p of Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy'))) {
    if (!JSON.stringify((p.Properties as Json).Roles).includes(roleId)) continue;
    for (const st of (p.Properties as Json).PolicyDocument.Statement as Json[]) {
      const mine = [st.Action].flat().filter((a: string) => a.startsWith('secretsmanager:'));
      if (!mine.length) continue;
      mine.forEach((a: string) => actions.add(a));
      for (const m of JSON.stringify(st.Resource).matchAll(/(TestGatewayKey|StripeKeys)[A-Za-z0-9]*/g)) secrets.add(m[1]!);
    }
  }
  return { actions: [...actions].sort(), secrets: [...secrets].sort() };
}

/** The payment gateways' secrets in a stack (the Web Push key pair lives there too, for another reason). */
function paymentSecrets(template: Template): string[] {
  return Object.keys(template.findResources('AWS::SecretsManager::Secret')).filter((id) => /^(TestGatewayKey|StripeKeys)/.test(id));
}

/** Spec §4 Payment in AWS: the test gateway and Stripe are switched on by context, their keys in Secrets Manager. */
describe('payments wiring', () => {
  let on: BuiltApp;
  beforeAll(() => {
    // cdk-nag runs as a validation plugin in this synth: a finding on the new secrets fails it.
    on = buildApp({
      withCdkJsonContext: true,
      context: { 'aws:cdk:bundling-stacks': [], testGateway: 'true', stripe: 'true' },
      builtinCloudFormationValidation: false,
      webDist: fixtureDist(),
    });
    on.app.synth();
  });

  it('creates the test gateway key and the Stripe secret, with no secret value in the template', () => {
    const api = Template.fromStack(on.api);
    expect(paymentSecrets(api)).toHaveLength(2);
    api.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 64 }) });
    api.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ SecretStringTemplate: JSON.stringify({ apiKey: '', webhookSecret: '' }) }),
    });
    expect(JSON.stringify(api.toJSON())).not.toMatch(/sk_(live|test)_/);
  });

  it('lets only checkout, confirmation and the gateway\'s decision read them', () => {
    for (const op of ['checkout', 'confirmPayment', 'decideGatewayPayment']) {
      expect(secretGrants(on, op), op).toEqual({ actions: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'], secrets: ['StripeKeys', 'TestGatewayKey'] });
    }
    for (const op of ['fetchPayment', 'applyPromo', 'testGatewayPay', 'fetchGatewayPayment', 'payBooking', 'addToWallet', 'fetchUser']) {
      expect(secretGrants(on, op), op).toEqual({ actions: [], secrets: [] });
    }
  });

  it('switches the adapters on by environment, and gives confirmations the timer for dispatch', () => {
    const fn = on.api.routeFunctions.get('confirmPayment')!;
    Template.fromStack(Stack.of(fn.fn)).hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          PAYMENT_TEST_GATEWAY: 'on', STRIPE: 'on', TEST_GATEWAY_SECRET_ARN: Match.anyValue(), STRIPE_SECRET_ARN: Match.anyValue(), JOB_QUEUE_URL: Match.anyValue(),
        }),
      },
    });
  });

  it('routes the provider webhook and the gateway\'s form post without the Cognito authorizer', () => {
    const api = Template.fromStack(on.api);
    const methods = Object.values(api.findResources('AWS::ApiGateway::Method')).map((m) => m.Properties as Json);
    const publicPosts = methods.filter((m) => m.HttpMethod === 'POST' && m.AuthorizationType === 'NONE');
    expect(publicPosts.length).toBeGreaterThanOrEqual(3);
  });
});

describe('payments wiring, switched off (the default)', () => {
  it('has no payment secrets and tells the handlers the gateways are off', () => {
    const off = defaultApp();
    const api = Template.fromStack(off.api);
    expect(paymentSecrets(api)).toEqual([]);
    const fn = off.api.routeFunctions.get('checkout')!;
    Template.fromStack(Stack.of(fn.fn)).hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ PAYMENT_TEST_GATEWAY: 'off', STRIPE: 'off' }) },
    });
  });
});
