import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { actionsOf, beyondTableAndLogs, defaultApi } from './support/route-policy';

type Json = Record<string, any>;

const { built, api, statementsOf } = defaultApi();



describe('tips: the wallet tip route', () => {
  it('is POST /bookings/{id}/tip behind the Cognito authorizer', () => {
    const method = Object.values(api.findResources('AWS::ApiGateway::Method'))
      .map((m) => m.Properties as Json).find((p) => p.OperationName === 'addTip');
    expect(method).toBeDefined();
    expect(method!.HttpMethod).toBe('POST');
    expect(method!.AuthorizationType).toBe('COGNITO_USER_POOLS');
  });

  it('reads and writes items by key on the table itself only: no query, no index, no batch write, and nothing else of AWS', () => {
    const sts = statementsOf('addTip');
    const table = sts.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));
    expect(actionsOf(table)).toEqual([
      'dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem',
    ]);
    for (const st of table) {
      expect(JSON.stringify(st.Resource)).not.toContain('/index/');
      expect([st.Resource].flat()).toHaveLength(1);
    }
    // No secrets, queues, pushes or user administration: the driver hears of the tip through the inbox message the stream pushes.
    expect(beyondTableAndLogs(sts)).toEqual([]);
  });
});
