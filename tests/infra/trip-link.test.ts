import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { contract } from '../../shared/src/contract/routes';
import { actionsOf, defaultApi, indexedReadsOnly } from './support/route-policy';

type Json = Record<string, any>;

const { built, api, statementsOf } = defaultApi();



describe('follow my trip: the share link routes', () => {
  it('reads a shared trip with no authorizer and only GetItem and Query on the table itself (no index, no write)', () => {
    const sts = statementsOf('fetchSharedTrip');
    const table = sts.filter((st) => actionsOf([st]).some((a) => a.startsWith('dynamodb:')));
    expect(actionsOf(table)).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    for (const st of table) {
      expect(JSON.stringify(st.Resource)).not.toContain('/index/');
      expect([st.Resource].flat()).toHaveLength(1);
    }
    // The time to the pickup or drop is a route; nothing else of AWS.
    expect(actionsOf(sts).filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:'))).toEqual(['geo:CalculateRoute']);
    const method = Object.values(api.findResources('AWS::ApiGateway::Method'))
      .map((m) => m.Properties as Json).find((p) => p.OperationName === 'fetchSharedTrip')!;
    expect(method.AuthorizationType).toBe('NONE');
  });

  it('throttles the public read at the gateway with the contract\'s numbers', () => {
    const stage = Object.values(api.findResources('AWS::ApiGateway::Stage'))[0]!.Properties as Json;
    const setting = (stage.MethodSettings as Json[]).find((s) => s.ResourcePath === '/~1shared-trips~1{token}' && s.HttpMethod === 'GET');
    expect(setting).toMatchObject({
      ThrottlingRateLimit: contract.fetchSharedTrip.throttle!.ratePerSecond,
      ThrottlingBurstLimit: contract.fetchSharedTrip.throttle!.burst,
    });
  });

  it('puts the rider\'s create and revoke behind the Cognito authorizer, with the table and nothing more', () => {
    for (const op of ['createTripLink', 'revokeTripLink']) {
      const method = Object.values(api.findResources('AWS::ApiGateway::Method'))
        .map((m) => m.Properties as Json).find((p) => p.OperationName === op)!;
      expect(method.AuthorizationType, op).toBe('COGNITO_USER_POOLS');
      expect(actionsOf(statementsOf(op)).filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:')), op).toEqual([]);
    }
  });

  it('lets the stream fan-out send the recipient\'s SMS, with no deny that would also refuse its pushes to device endpoints', () => {
    const fanOut = Object.entries(api.findResources('AWS::IAM::Policy'))
      .filter(([id]) => id.startsWith('StreamFanOut'))
      .flatMap(([, p]) => (p.Properties as Json).PolicyDocument.Statement as Json[]);
    const publish = fanOut.filter((st) => [st.Action].flat().includes('sns:Publish'));
    expect(publish).toEqual(expect.arrayContaining([expect.objectContaining({ Effect: 'Allow', Resource: '*', Sid: 'DirectSms' })]));
    expect(publish.filter((st) => st.Effect === 'Deny')).toEqual([]);
  });
});

// SOS shares the trip link's wiring: its routes need the table only, and its one message (the
// emergency contact's SMS) leaves from the stream fan-out, whose direct-SMS grant is checked above.
describe('SOS: the alert routes', () => {
  const SOS_ROUTES = ['raiseSos', 'fetchSosAlerts', 'acknowledgeSosAlert', 'closeSosAlert', 'setEmergencyContact', 'clearEmergencyContact'];

  it('puts every SOS route behind the Cognito authorizer, with the table and nothing more', () => {
    for (const op of SOS_ROUTES) {
      const method = Object.values(api.findResources('AWS::ApiGateway::Method'))
        .map((m) => m.Properties as Json).find((p) => p.OperationName === op)!;
      expect(method, op).toBeDefined();
      expect(method.AuthorizationType, op).toBe('COGNITO_USER_POOLS');
      expect(actionsOf(statementsOf(op)).filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:')), op).toEqual([]);
    }
  });

  it('lets the alerts\' list only read: admission and one Query, of the table or (a fleet admin\'s) of gsi1 alone', () => {
    const table = indexedReadsOnly(statementsOf('fetchSosAlerts'), 'gsi1');
    expect(actionsOf(table)).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
  });
});
