import { runSimulation } from '@cloud-copilot/iam-simulate';
import { ServiceException } from '@smithy/core/client';
import { REPO_ROOT } from '../../infra/local/cloud';
import { synthDeployedFunctions } from '../../infra/local/functions/deployed-functions';
import { iamGuard } from '../../infra/local/functions/iam-guard';
import type { LocalResources } from '../../infra/local/functions/intrinsics';
import type { Row } from './report';

/**
 * What judging a function's AWS calls by its role costs in the deployed mode (iam-guard.ts), with
 * addBooking's role as the local stage synthesizes it: the evaluator's first decision, a new one
 * (a resource not judged before), and a repeated one (a cached decision), per call.
 */
export async function iamGuardBench(): Promise<Row[]> {
  const { functions } = synthDeployedFunctions({ root: REPO_ROOT });
  const fn = functions.find((f) => f.entry === 'lambdas/src/http/bookings/add-booking.ts')!;
  const table = 'bench-table';
  const locals: LocalResources = {
    region: 'us-east-1', accountId: '000000000000',
    ref: (type) => (type === 'AWS::DynamoDB::Table' ? table : undefined),
    attribute: (type, _id, attr) => (type === 'AWS::DynamoDB::Table' && attr === 'Arn' ? `arn:aws:dynamodb:us-east-1:000000000000:table/${table}` : undefined),
  };
  const role = fn.role(locals);
  const guard = iamGuard({
    iam: { principal: `arn:aws:sts::000000000000:assumed-role/${role.name}/${fn.name}`, accountId: '000000000000', webSocketApiId: 'bench-ws', partitionKeys: fn.partitionKeys(locals), policies: role.policies },
    smithy: { ServiceException: ServiceException as never }, runSimulation, onDenied: () => undefined,
  });
  const config = { region: async () => 'us-east-1' };
  const getItem = (i: number) => guard.check('DynamoDBClient', 'GetItemCommand', { TableName: table, Key: { pk: `USER#${i}`, sk: 'PROFILE' } }, config);
  const transaction = { TransactItems: ['Put', 'Update', 'ConditionCheck'].map((kind, i) => ({ [kind]: { TableName: table, [kind === 'Put' ? 'Item' : 'Key']: { pk: `B#${i}` } } })) };
  const perCall = async (n: number, call: (i: number) => Promise<unknown>) => {
    const started = performance.now();
    for (let i = 0; i < n; i++) await call(i);
    return (performance.now() - started) / n;
  };
  const first = await perCall(1, getItem);
  const fresh = await perCall(50, (i) => guard.check('DynamoDBClient', 'QueryCommand', { TableName: table, IndexName: `bench${i}` }, config).catch(() => undefined));
  await perCall(20_000, getItem);
  const cached = await perCall(200_000, getItem);
  await perCall(20_000, () => guard.check('DynamoDBClient', 'TransactWriteItemsCommand', transaction, config));
  const cachedTransaction = await perCall(200_000, () => guard.check('DynamoDBClient', 'TransactWriteItemsCommand', transaction, config));
  const area = 'IAM in the deployed mode';
  const size = `${fn.name}'s role (${role.policies.length} policies)`;
  return [
    { area, measurement: 'first decision of a function (the action data read)', size, value: `${first.toFixed(1)} ms` },
    { area, measurement: 'a new decision (an action and resource not judged before)', size, value: `${fresh.toFixed(2)} ms` },
    { area, measurement: 'a repeated GetItem (cached decision)', size, value: `${(cached * 1000).toFixed(2)} µs` },
    { area, measurement: 'a repeated 3-item transaction (cached decisions)', size, value: `${(cachedTransaction * 1000).toFixed(2)} µs` },
  ];
}
