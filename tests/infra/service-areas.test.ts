import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { routes } from '../../shared/src/contract/routes';
import { actionsOf, defaultApi } from './support/route-policy';

type Json = Record<string, any>;

const { built, api, statementsOf } = defaultApi();


const tableStatements = (sts: Json[]) => sts.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));

const AREA_ROUTES = ['fetchServiceAreas', 'addServiceArea', 'updateServiceArea', 'deleteServiceArea'];

describe('service areas: the admins\' routes', () => {
  it('are admin-only in the contract and behind the Cognito authorizer in API Gateway', () => {
    for (const op of AREA_ROUTES) {
      expect(routes.find((r) => r.operationId === op)?.auth, op).toEqual(['admin']);
      const method = Object.values(api.findResources('AWS::ApiGateway::Method'))
        .map((m) => m.Properties as Json).find((p) => p.OperationName === op);
      expect(method, op).toBeDefined();
      expect(method!.AuthorizationType, op).toBe('COGNITO_USER_POOLS');
    }
  });

  it('reach the table itself only (no index, no scan, no batch write) and nothing else of AWS', () => {
    for (const op of AREA_ROUTES) {
      const sts = statementsOf(op);
      for (const st of tableStatements(sts)) {
        expect(JSON.stringify(st.Resource), op).not.toContain('/index/');
        expect([st.Resource].flat(), op).toHaveLength(1);
      }
      const actions = actionsOf(sts);
      expect(actions.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:')), op).toEqual([]);
      expect(actions, op).not.toContain('dynamodb:Scan');
      expect(actions, op).not.toContain('dynamodb:BatchWriteItem');
    }
  });

  it('the list only reads: admission and one Query of the areas\' partition', () => {
    expect(actionsOf(tableStatements(statementsOf('fetchServiceAreas')))).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
  });

  it('the writes touch items by key only, each exactly what its writes need', () => {
    const table = (op: string) => actionsOf(tableStatements(statementsOf(op)));
    expect(table('addServiceArea')).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    // An edit moves the areas' revision in the same transaction as its put.
    expect(table('updateServiceArea')).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(table('deleteServiceArea')).toEqual(['dynamodb:BatchGetItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem']);
    for (const op of ['addServiceArea', 'updateServiceArea', 'deleteServiceArea']) expect(table(op), op).not.toContain('dynamodb:Query');
  });
});
