import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { BuiltApp } from '../../../infra/bin/build-app';
import { defaultApp } from './default-app';

type Json = Record<string, any>;

/** Every statement of the policies attached to a function's own role, in the stack that holds the function. */
export function functionStatements(fn: { fn: IConstruct; role: IConstruct }): Json[] {
  const stack = Stack.of(fn.fn);
  const roleId = stack.getLogicalId(fn.role.node.defaultChild as never);
  return Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy'))
    .filter((p) => JSON.stringify((p.Properties as Json).Roles).includes(roleId))
    .flatMap((p) => (p.Properties as Json).PolicyDocument.Statement as Json[]);
}

/** Every statement of the policies attached to a route function's own role. */
export const routeStatements = (built: BuiltApp, operationId: string): Json[] => functionStatements(built.api.routeFunctions.get(operationId)!);

/** The statements' actions, each once, sorted. */
export const actionsOf = (sts: Json[]) => [...new Set(sts.flatMap((st) => [st.Action].flat() as string[]))].sort();

/** The actions beyond the table, logs and traces: what a route that only keeps bookings must not have. */
export const beyondTableAndLogs = (sts: Json[]) => actionsOf(sts).filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:'));

/**
 * A read-only route that reads one index: its table statements each name one resource, and the
 * index's allows Query alone on exactly that index. Answers the table statements.
 */
export function indexedReadsOnly(sts: Json[], index: string): Json[] {
  const table = sts.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));
  const onIndex = table.filter((st) => {
    const resources = [st.Resource].flat().map((r) => JSON.stringify(r));
    if (resources.length !== 1) throw new Error(`a statement names ${resources.length} resources: ${JSON.stringify(st)}`);
    return resources[0]!.includes('/index/');
  });
  if (onIndex.length === 0) throw new Error(`no statement on an index: ${JSON.stringify(table)}`);
  for (const st of onIndex) {
    if (actionsOf([st]).join() !== 'dynamodb:Query' || !JSON.stringify(st.Resource).includes(`/index/${index}`)) throw new Error(`more than Query on ${index}: ${JSON.stringify(st)}`);
  }
  return table;
}

/**
 * The shared app (`defaultApp`) as the route files read it: its API stack's template, a route's
 * own policy statements and its API Gateway method, by operationId.
 */
export function defaultApi() {
  const built = defaultApp();
  const api = Template.fromStack(built.api);
  return {
    built,
    api,
    statementsOf: (operationId: string) => routeStatements(built, operationId),
    methodOf: (operationId: string): Json | undefined => Object.values(api.findResources('AWS::ApiGateway::Method'))
      .map((m) => m.Properties as Json).find((p) => p.OperationName === operationId),
  };
}
