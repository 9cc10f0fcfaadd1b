import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { actionsOf, beyondTableAndLogs, defaultApi, functionStatements, indexedReadsOnly } from './support/route-policy';

type Json = Record<string, any>;

const { built, api, statementsOf } = defaultApi();

const statementsOfFunction = functionStatements;

const tableStatements = (sts: Json[]) => sts.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));

const ROUTES = {
  fetchDriverDocuments: { method: 'GET', table: ['dynamodb:BatchGetItem', 'dynamodb:GetItem'] },
  submitDriverDocument: { method: 'PUT', table: ['dynamodb:BatchGetItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] },
  reviewDriverDocument: { method: 'POST', table: ['dynamodb:BatchGetItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] },
} as const;

describe('driver documents: the routes', () => {
  it.each(Object.entries(ROUTES))('%s is behind the Cognito authorizer', (operationId, r) => {
    const method = Object.values(api.findResources('AWS::ApiGateway::Method'))
      .map((m) => m.Properties as Json).find((p) => p.OperationName === operationId);
    expect(method).toBeDefined();
    expect(method!.HttpMethod).toBe(r.method);
    expect(method!.AuthorizationType).toBe('COGNITO_USER_POOLS');
  });

  it.each(Object.entries(ROUTES))('%s reaches items by key on the table itself (no query, no index, no scan) and only the uploads bucket beyond it', (operationId, r) => {
    const sts = statementsOf(operationId);
    const table = tableStatements(sts);
    expect(actionsOf(table)).toEqual(r.table);
    for (const st of table) {
      expect(JSON.stringify(st.Resource)).not.toContain('/index/');
      expect([st.Resource].flat()).toHaveLength(1);
    }
    // The images are private objects: HeadObject and short-lived GET links only, no writes to the bucket.
    expect(beyondTableAndLogs(sts).every((a) => a.startsWith('s3:'))).toBe(true);
  });

  it('the review queue is behind the Cognito authorizer', () => {
    const method = Object.values(api.findResources('AWS::ApiGateway::Method'))
      .map((m) => m.Properties as Json).find((p) => p.OperationName === 'fetchDocumentQueue');
    expect(method!.AuthorizationType).toBe('COGNITO_USER_POOLS');
    expect(beyondTableAndLogs(statementsOf('fetchDocumentQueue'))).toEqual([]);
  });

  it('the review queue only reads: its entries by Query (the queue partition, a fleet\'s through gsi1) and the drivers by key', () => {
    const table = indexedReadsOnly(statementsOf('fetchDocumentQueue'), 'gsi1');
    expect(actionsOf(table)).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
  });
});

describe('driver documents: the daily check', () => {
  it('runs once a day from an EventBridge Scheduler schedule that invokes only its function', () => {
    const schedules = Object.values(api.findResources('AWS::Scheduler::Schedule')).map((s) => s.Properties as Json)
      .filter((p) => String(p.Description ?? '').includes('documents'));
    expect(schedules).toHaveLength(1);
    const schedule = schedules[0]!;
    expect(schedule.ScheduleExpression).toBe('cron(0 6 * * ? *)');
    expect(schedule.State ?? 'ENABLED').toBe('ENABLED');
    const fnId = Stack.of(built.api.documentChecksFunction.fn).getLogicalId(built.api.documentChecksFunction.fn.node.defaultChild as never);
    expect(JSON.stringify(schedule.Target.Arn)).toContain(fnId);
    // The schedule's role may invoke that function and nothing else.
    const roleId = (schedule.Target.RoleArn as Json)['Fn::GetAtt'][0] as string;
    const roleStatements = Object.values(api.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify((p.Properties as Json).Roles).includes(roleId))
      .flatMap((p) => (p.Properties as Json).PolicyDocument.Statement as Json[]);
    expect(actionsOf(roleStatements)).toEqual(['lambda:InvokeFunction']);
    for (const st of roleStatements) expect(JSON.stringify(st.Resource)).toContain(fnId);
  });

  it('the function reads drivers through gsi1 only, the rest by key, and touches nothing else of AWS', () => {
    const sts = statementsOfFunction(built.api.documentChecksFunction as never);
    const table = tableStatements(sts);
    expect(actionsOf(table)).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    for (const st of table) {
      const resources = [st.Resource].flat();
      expect(resources).toHaveLength(1);
      const onIndex = JSON.stringify(resources[0]).includes('/index/');
      if (actionsOf([st]).includes('dynamodb:Query')) {
        expect(actionsOf([st])).toEqual(['dynamodb:Query']);
        expect(JSON.stringify(resources[0])).toContain('/index/gsi1');
      } else expect(onIndex).toBe(false);
    }
    expect(actionsOf(table)).not.toContain('dynamodb:Scan');
    expect(beyondTableAndLogs(sts)).toEqual([]);
  });
});
