import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { actionsOf, beyondTableAndLogs, defaultApi } from './support/route-policy';

type Json = Record<string, any>;

const { built, api, statementsOf } = defaultApi();



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
