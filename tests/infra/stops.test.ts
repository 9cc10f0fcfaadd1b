import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../infra/bin/build-app';
import { fixtureDist } from './support/fixture-dist';

type Json = Record<string, any>;

let built: BuiltApp;
let api: Template;

beforeAll(() => {
  built = buildApp({
    withCdkJsonContext: true,
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
    webDist: fixtureDist(),
    nagChecks: false,
  });
  built.app.synth();
  api = Template.fromStack(built.api);
}, 240_000);

/** Every statement of the policies attached to a route function's own role. */
function statementsOf(operationId: string): Json[] {
  const fn = built.api.routeFunctions.get(operationId)!;
  const stack = Stack.of(fn.fn);
  const roleId = stack.getLogicalId(fn.role.node.defaultChild as never);
  return Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy'))
    .filter((p) => JSON.stringify((p.Properties as Json).Roles).includes(roleId))
    .flatMap((p) => (p.Properties as Json).PolicyDocument.Statement as Json[]);
}

const actionsOf = (sts: Json[]) => [...new Set(sts.flatMap((st) => [st.Action].flat() as string[]))].sort();
const beyondTableAndLogs = (sts: Json[]) => actionsOf(sts).filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:'));

describe('stops: the route that marks a stop reached', () => {
  it('is POST /bookings/{id}/stops/reach behind the Cognito authorizer, with a function of its own', () => {
    const method = Object.values(api.findResources('AWS::ApiGateway::Method'))
      .map((m) => m.Properties as Json).find((p) => p.OperationName === 'reachStop');
    expect(method).toBeDefined();
    expect(method!.HttpMethod).toBe('POST');
    expect(method!.AuthorizationType).toBe('COGNITO_USER_POOLS');
    expect(built.api.routeFunctions.get('reachStop')).toBeDefined();
  });

  it('reads and writes items by key on the table itself only (gets and puts): no query, scan, update, delete, index, and nothing else of AWS', () => {
    const sts = statementsOf('reachStop');
    const table = sts.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));
    expect(actionsOf(table)).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:PutItem']);
    for (const st of table) {
      expect(JSON.stringify(st.Resource)).not.toContain('/index/');
      expect([st.Resource].flat()).toHaveLength(1);
    }
    // No route service, queue, push or secret: the rider hears of the stop through the booking's own live topic.
    expect(beyondTableAndLogs(sts)).toEqual([]);
  });

  it('leaves the estimate and the booking with the route service they price the whole route with', () => {
    for (const op of ['getEstimate', 'addBooking']) {
      expect(actionsOf(statementsOf(op)).some((a) => a.startsWith('geo:CalculateRoute')), op).toBe(true);
    }
  });
});
