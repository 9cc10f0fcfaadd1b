import { describe, expect, it } from 'vitest';
import { actionsOf, beyondTableAndLogs, defaultApi } from './support/route-policy';

type Json = Record<string, any>;

const { built, api, statementsOf, methodOf } = defaultApi();


/** The table statements of a route, each on the table itself (no index), one resource each. */
function tableActions(operationId: string): string[] {
  const table = statementsOf(operationId).filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));
  for (const st of table) {
    expect(JSON.stringify(st.Resource)).not.toContain('/index/');
    expect([st.Resource].flat()).toHaveLength(1);
  }
  return actionsOf(table);
}

describe('proof of delivery: the drop\'s routes', () => {
  it('are POSTs behind the Cognito authorizer, each with a function of its own', () => {
    for (const op of ['proveDelivery', 'failDelivery', 'returnDelivery']) {
      const method = methodOf(op);
      expect(method, op).toBeDefined();
      expect(method!.HttpMethod).toBe('POST');
      expect(method!.AuthorizationType).toBe('COGNITO_USER_POOLS');
      expect(built.api.routeFunctions.get(op), op).toBeDefined();
    }
  });

  it('recording a delivery reads and writes items by key only (the code\'s attempt counter is an update), and nothing else of AWS', () => {
    expect(tableActions('proveDelivery')).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    // No SMS, route service, upload bucket or queue: the photo is already on the booking, the sender hears through the inbox.
    expect(beyondTableAndLogs(statementsOf('proveDelivery'))).toEqual([]);
  });

  it('marking the return done gets, puts and updates items by key only (the driver\'s state lets go of the booking), and nothing else of AWS', () => {
    expect(tableActions('returnDelivery')).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(beyondTableAndLogs(statementsOf('returnDelivery'))).toEqual([]);
  });

  it('a failed delivery may ask the route service for the way back, and no other Amazon Location call', () => {
    const geo = actionsOf(statementsOf('failDelivery')).filter((a) => a.startsWith('geo:'));
    expect(geo.length).toBeGreaterThan(0);
    expect(geo.every((a) => a.startsWith('geo:CalculateRoute'))).toBe(true);
    expect(actionsOf(statementsOf('failDelivery')).some((a) => a.startsWith('s3:') || a.startsWith('sns:'))).toBe(false);
  });
});
