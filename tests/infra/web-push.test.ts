import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultApp } from './support/default-app';
import { fixtureDist } from './support/fixture-dist';
import { buildApp, type BuiltApp } from '../../infra/bin/build-app';

type Json = Record<string, any>;

/** The secretsmanager actions a function's role has on the Web Push keys secret. */
function vapidGrants(stack: Stack, roleLogicalId: string): string[] {
  const actions = new Set<string>();
  for (const p of Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy'))) {
    if (!JSON.stringify((p.Properties as Json).Roles).includes(roleLogicalId)) continue;
    for (const st of (p.Properties as Json).PolicyDocument.Statement as Json[]) {
      // In a nested stack the secret arrives as a parameter named after it.
      if (!/WebPushKeys/.test(JSON.stringify(st.Resource))) continue;
      [st.Action].flat().forEach((a: string) => actions.add(a));
    }
  }
  return [...actions].sort();
}

function routeGrants(built: BuiltApp, operationId: string): string[] {
  const fn = built.api.routeFunctions.get(operationId)!;
  const stack = Stack.of(fn.fn);
  return vapidGrants(stack, stack.getLogicalId(fn.role.node.defaultChild as never));
}

describe('Web Push VAPID keys', () => {
  let built: BuiltApp;
  beforeAll(() => {
    built = defaultApp();
  });

  it('keeps the key pair in a Secrets Manager secret whose template holds no key', () => {
    const template = Template.fromStack(built.api);
    const secrets = template.findResources('AWS::SecretsManager::Secret');
    const vapid = Object.values(secrets).find((s) => /VAPID/.test((s.Properties as Json).Description));
    expect(vapid).toBeDefined();
    expect(JSON.parse((vapid!.Properties as Json).GenerateSecretString.SecretStringTemplate)).toEqual({ publicKey: '', privateKey: '', subject: '' });
  });

  it('lets read the keys exactly the functions that push or hand the public key out, and only read', () => {
    expect(routeGrants(built, 'fetchWebPushKey')).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    expect(routeGrants(built, 'sendNotification')).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    // Registering also removes and pushes through the push capability; a route without push never reads it.
    expect(routeGrants(built, 'registerDevice')).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    expect(routeGrants(built, 'fetchCarTypes')).toEqual([]);
    expect(routeGrants(built, 'addBooking')).toEqual([]);
  });
});
