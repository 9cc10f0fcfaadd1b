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
  });

  it('is off by default: a deployed stage sends for real', () => {
    const variables = variablesOf(defaultApp(), 'fetchUser');
    for (const name of Object.keys(LOCAL_STAND_INS)) expect(variables).not.toHaveProperty(name);
  });
});
