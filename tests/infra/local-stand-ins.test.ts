import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/bin/build-app';
import { LOCAL_STAND_INS } from '../../infra/stacks/api-stack';
import { defaultApp } from './support/default-app';
import { fixtureDist } from './support/fixture-dist';

/** A route function's Environment.Variables as its nested stack's template holds them. */
function variablesOf(built: ReturnType<typeof buildApp>, operationId: string): Record<string, unknown> {
  const fn = built.api.routeFunctions.get(operationId)!.fn;
  const stack = Stack.of(fn);
  const resource = Template.fromStack(stack).toJSON().Resources[stack.getLogicalId(fn.node.defaultChild as CfnFunction)];
  return resource.Properties.Environment.Variables;
}

describe('context localStandIns (the local cloud\'s deployed mode)', () => {
  it('tells every function to use the outboxes, table timers and offline places', () => {
    const built = buildApp({
      withCdkJsonContext: true, nagChecks: false, builtinCloudFormationValidation: false, webDist: fixtureDist(),
      context: { 'aws:cdk:bundling-stacks': [], stage: 'local', localStandIns: 'true' },
    });
    built.app.synth();
    expect(variablesOf(built, 'fetchUser')).toMatchObject(LOCAL_STAND_INS);
    expect(variablesOf(built, 'addBooking')).toMatchObject({ SMS_DELIVERY: 'outbox', JOB_DELIVERY: 'table', GEO_PROVIDER: 'offline' });
    // Cognito's triggers too: the sign-in code is texted to the outbox, which its role may write to and no more.
    const auth = Template.fromStack(built.auth).toJSON();
    const create = Object.entries(auth.Resources as Record<string, { Type: string; Properties: Record<string, any> }>)
      .find(([, r]) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).startsWith('Custom auth: makes and texts'))!;
    expect(create[1].Properties.Environment.Variables).toMatchObject(LOCAL_STAND_INS);
    const roleId = create[1].Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(auth.Resources as Record<string, { Type: string; Properties: Record<string, any> }>)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: { Ref: string }) => x.Ref === roleId))
      .flatMap((r) => r.Properties.PolicyDocument.Statement);
    expect(statements).toContainEqual(expect.objectContaining({
      Action: 'dynamodb:PutItem', Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['OUTBOX'] } },
    }));
  });

  it('is off by default: a deployed stage sends for real', () => {
    const variables = variablesOf(defaultApp(), 'fetchUser');
    for (const name of Object.keys(LOCAL_STAND_INS)) expect(variables).not.toHaveProperty(name);
    const auth = JSON.stringify(Template.fromStack(defaultApp().auth).toJSON());
    expect(auth).not.toContain('"OUTBOX"');
    expect(auth).not.toContain('SMS_DELIVERY');
  });
});
