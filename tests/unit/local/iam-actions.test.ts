import { runSimulation } from '@cloud-copilot/iam-simulate';
import { ServiceException } from '@smithy/core/client';
import { describe, expect, it } from 'vitest';
import { iamRequestsOf, type SdkCall } from '../../../infra/local/functions/iam-actions';
import { iamGuard, type AccessDenial } from '../../../infra/local/functions/iam-guard';

/**
 * The IAM action and resources of each AWS call the functions make, as AWS authorizes it (the
 * service authorization reference), and the guard's judgement of them against a role's policies.
 */
const where = { accountId: '000000000000', webSocketApiId: 'local-ws', partitionKeys: { t: 'pk' } };
const TABLE = 'arn:aws:dynamodb:us-east-1:000000000000:table/t';
const call = (clientName: string, commandName: string, input: Record<string, unknown>, endpointPath?: string): SdkCall =>
  ({ clientName, commandName, input, region: 'us-east-1', ...(endpointPath ? { endpointPath } : {}) });
const requests = (c: SdkCall) => iamRequestsOf(c, where);

describe('the IAM requests of an SDK call', () => {
  it("DynamoDB: an item's action on its table, with the item's partition key as dynamodb:LeadingKeys (document or low-level input)", () => {
    expect(requests(call('DynamoDBClient', 'GetItemCommand', { TableName: 't', Key: { pk: 'USER#1', sk: 'PROFILE' } }))).toEqual([
      { action: 'dynamodb:GetItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['USER#1'] } },
    ]);
    expect(requests(call('DynamoDBClient', 'PutItemCommand', { TableName: 't', Item: { pk: { S: 'A' }, sk: { S: 'B' } } }))).toEqual([
      { action: 'dynamodb:PutItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['A'] } },
    ]);
    expect(requests(call('DynamoDBClient', 'UpdateItemCommand', { TableName: 'other', Key: { pk: 'A' } }))).toEqual([
      { action: 'dynamodb:UpdateItem', resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/other' },
    ]);
    expect(requests(call('DynamoDBClient', 'DeleteItemCommand', { TableName: TABLE, Key: { pk: 'A' } }))).toEqual([
      { action: 'dynamodb:DeleteItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['A'] } },
    ]);
  });

  it('DynamoDB: a query or a scan of an index is on the index', () => {
    expect(requests(call('DynamoDBClient', 'QueryCommand', { TableName: 't', IndexName: 'gsi1', KeyConditionExpression: 'x' }))).toEqual([
      { action: 'dynamodb:Query', resource: `${TABLE}/index/gsi1` },
    ]);
    expect(requests(call('DynamoDBClient', 'QueryCommand', { TableName: 't' }))).toEqual([{ action: 'dynamodb:Query', resource: TABLE }]);
    expect(requests(call('DynamoDBClient', 'ScanCommand', { TableName: 't', IndexName: 'gsi2' }))).toEqual([{ action: 'dynamodb:Scan', resource: `${TABLE}/index/gsi2` }]);
  });

  it('DynamoDB: a batch is its batch action on each table; a transaction is each item’s own action (no TransactWriteItems action exists)', () => {
    expect(requests(call('DynamoDBClient', 'BatchGetItemCommand', { RequestItems: { t: { Keys: [{ pk: 'A' }, { pk: 'B' }] }, u: { Keys: [{ pk: 'C' }] } } }))).toEqual([
      { action: 'dynamodb:BatchGetItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['A', 'B'] } },
      { action: 'dynamodb:BatchGetItem', resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/u' },
    ]);
    expect(requests(call('DynamoDBClient', 'BatchWriteItemCommand', { RequestItems: { t: [{ PutRequest: { Item: { pk: 'A' } } }, { DeleteRequest: { Key: { pk: 'B' } } }] } }))).toEqual([
      { action: 'dynamodb:BatchWriteItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['A', 'B'] } },
    ]);
    expect(requests(call('DynamoDBClient', 'TransactWriteItemsCommand', {
      TransactItems: [
        { Put: { TableName: 't', Item: { pk: 'A' } } }, { Update: { TableName: 't', Key: { pk: 'B' } } },
        { Delete: { TableName: 't', Key: { pk: 'C' } } }, { ConditionCheck: { TableName: 't', Key: { pk: 'D' } } },
      ],
    }))).toEqual([
      { action: 'dynamodb:PutItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['A'] } },
      { action: 'dynamodb:UpdateItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['B'] } },
      { action: 'dynamodb:DeleteItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['C'] } },
      { action: 'dynamodb:ConditionCheckItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['D'] } },
    ]);
    expect(requests(call('DynamoDBClient', 'TransactGetItemsCommand', { TransactItems: [{ Get: { TableName: 't', Key: { pk: 'A' } } }] }))).toEqual([
      { action: 'dynamodb:GetItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['A'] } },
    ]);
  });

  it('S3: object operations on the object, listings on the bucket, the multipart steps as the actions S3 authorizes them by', () => {
    const object = 'arn:aws:s3:::b/uploads/a b.png';
    const s3 = (command: string, input: Record<string, unknown> = {}) => requests(call('S3Client', command, { Bucket: 'b', Key: 'uploads/a b.png', ...input }));
    expect(s3('PutObjectCommand')).toEqual([{ action: 's3:PutObject', resource: object }]);
    expect(s3('GetObjectCommand')).toEqual([{ action: 's3:GetObject', resource: object }]);
    expect(s3('HeadObjectCommand')).toEqual([{ action: 's3:GetObject', resource: object }]);
    expect(s3('DeleteObjectCommand')).toEqual([{ action: 's3:DeleteObject', resource: object }]);
    expect(s3('CreateMultipartUploadCommand')).toEqual([{ action: 's3:PutObject', resource: object }]);
    expect(s3('UploadPartCommand')).toEqual([{ action: 's3:PutObject', resource: object }]);
    expect(s3('CompleteMultipartUploadCommand')).toEqual([{ action: 's3:PutObject', resource: object }]);
    expect(s3('AbortMultipartUploadCommand')).toEqual([{ action: 's3:AbortMultipartUpload', resource: object }]);
    expect(s3('ListPartsCommand')).toEqual([{ action: 's3:ListMultipartUploadParts', resource: object }]);
    expect(requests(call('S3Client', 'ListObjectsV2Command', { Bucket: 'b', Prefix: 'x/' }))).toEqual([{ action: 's3:ListBucket', resource: 'arn:aws:s3:::b' }]);
    expect(s3('CopyObjectCommand', { CopySource: 'src/a%20b' })).toEqual([
      { action: 's3:GetObject', resource: 'arn:aws:s3:::src/a b' }, { action: 's3:PutObject', resource: object },
    ]);
  });

  it("Cognito: an admin operation on the user pool; what a user's token or answers authorize is not IAM's", () => {
    const pool = 'arn:aws:cognito-idp:us-east-1:000000000000:userpool/us-east-1_x';
    for (const command of ['AdminCreateUser', 'AdminDeleteUser', 'AdminSetUserPassword', 'AdminAddUserToGroup', 'AdminUserGlobalSignOut', 'AdminGetUser', 'ListUsers']) {
      expect(requests(call('CognitoIdentityProviderClient', `${command}Command`, { UserPoolId: 'us-east-1_x', Username: 'u' }))).toEqual([{ action: `cognito-idp:${command}`, resource: pool }]);
    }
    expect(requests(call('CognitoIdentityProviderClient', 'InitiateAuthCommand', { ClientId: 'c' }))).toBe('unchecked');
    expect(requests(call('CognitoIdentityProviderClient', 'GetUserCommand', { AccessToken: 't' }))).toBe('unchecked');
  });

  it('Secrets Manager: the secret, by its ARN or its name', () => {
    const arn = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:web-push-AbCdEf';
    expect(requests(call('SecretsManagerClient', 'GetSecretValueCommand', { SecretId: arn }))).toEqual([{ action: 'secretsmanager:GetSecretValue', resource: arn }]);
    expect(requests(call('SecretsManagerClient', 'GetSecretValueCommand', { SecretId: 'web-push' }))).toEqual([
      { action: 'secretsmanager:GetSecretValue', resource: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:web-push' },
    ]);
  });

  it("WebSocket management: execute-api:ManageConnections on the connection, the endpoint's path its stage", () => {
    const ws = (command: string) => requests(call('ApiGatewayManagementApiClient', command, { ConnectionId: 'abc=' }, '/ws'));
    expect(ws('PostToConnectionCommand')).toEqual([{ action: 'execute-api:ManageConnections', resource: 'arn:aws:execute-api:us-east-1:000000000000:local-ws/ws/POST/@connections/abc=' }]);
    expect(ws('GetConnectionCommand')).toEqual([{ action: 'execute-api:ManageConnections', resource: 'arn:aws:execute-api:us-east-1:000000000000:local-ws/ws/GET/@connections/abc=' }]);
    expect(ws('DeleteConnectionCommand')).toEqual([{ action: 'execute-api:ManageConnections', resource: 'arn:aws:execute-api:us-east-1:000000000000:local-ws/ws/DELETE/@connections/abc=' }]);
  });

  it('SNS, SQS, Scheduler (and the role it passes), Location, SES', () => {
    expect(requests(call('SNSClient', 'PublishCommand', { PhoneNumber: '+15550100', Message: 'x' }))).toEqual([{ action: 'sns:Publish', resource: '*' }]);
    expect(requests(call('SNSClient', 'PublishCommand', { TopicArn: 'arn:aws:sns:us-east-1:000000000000:t' }))).toEqual([{ action: 'sns:Publish', resource: 'arn:aws:sns:us-east-1:000000000000:t' }]);
    expect(requests(call('SNSClient', 'CreatePlatformEndpointCommand', { PlatformApplicationArn: 'arn:aws:sns:us-east-1:000000000000:app/GCM/a' }))).toEqual([
      { action: 'sns:CreatePlatformEndpoint', resource: 'arn:aws:sns:us-east-1:000000000000:app/GCM/a' },
    ]);
    expect(requests(call('SQSClient', 'SendMessageCommand', { QueueUrl: 'https://sqs.us-east-1.amazonaws.com/000000000000/jobs', MessageBody: 'x' }))).toEqual([
      { action: 'sqs:SendMessage', resource: 'arn:aws:sqs:us-east-1:000000000000:jobs' },
    ]);
    expect(requests(call('SchedulerClient', 'CreateScheduleCommand', { Name: 'n', GroupName: 'g', Target: { Arn: 'x', RoleArn: 'arn:aws:iam::000000000000:role/r' } }))).toEqual([
      { action: 'scheduler:CreateSchedule', resource: 'arn:aws:scheduler:us-east-1:000000000000:schedule/g/n' },
      { action: 'iam:PassRole', resource: 'arn:aws:iam::000000000000:role/r' },
    ]);
    expect(requests(call('LocationClient', 'CalculateRouteCommand', { CalculatorName: 'c' }))).toEqual([{ action: 'geo:CalculateRoute', resource: 'arn:aws:geo:us-east-1:000000000000:route-calculator/c' }]);
    expect(requests(call('LocationClient', 'SearchPlaceIndexForPositionCommand', { IndexName: 'i' }))).toEqual([
      { action: 'geo:SearchPlaceIndexForPosition', resource: 'arn:aws:geo:us-east-1:000000000000:place-index/i' },
    ]);
    expect(requests(call('SESv2Client', 'SendEmailCommand', { FromEmailAddress: 'Ride <no-reply@example.com>' }))).toEqual([
      { action: 'ses:SendEmail', resource: 'arn:aws:ses:us-east-1:000000000000:identity/example.com' },
    ]);
  });

  it('refuses to guess: a client or an operation whose resources it does not know is an error, not a pass', () => {
    expect(() => requests(call('EC2Client', 'RunInstancesCommand', {}))).toThrow(/IAM prefix of EC2Client/);
    expect(() => requests(call('DynamoDBClient', 'ExecuteStatementCommand', { Statement: 'SELECT' }))).toThrow(/resource of dynamodb:ExecuteStatement/);
  });
});

describe("the guard's judgement", () => {
  const principal = 'arn:aws:sts::000000000000:assumed-role/FnRole/Fn';
  const policies = [{
    name: 'p', policy: {
      Version: '2012-10-17', Statement: [
        { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:Query'], Resource: [TABLE, `${TABLE}/index/*`] },
        { Effect: 'Allow', Action: 'dynamodb:UpdateItem', Resource: TABLE, Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ATTEMPTS#*'] } } },
        { Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' },
        { Effect: 'Deny', Action: 'dynamodb:Query', Resource: `${TABLE}/index/secret` },
      ],
    },
  }];
  const make = () => {
    const denials: AccessDenial[] = [];
    const guard = iamGuard({ iam: { ...where, principal, policies }, smithy: { ServiceException }, runSimulation, onDenied: (d) => denials.push(d) });
    const check = (client: string, command: string, input: Record<string, unknown>) => guard.check(client, command, input, { region: async () => 'us-east-1' });
    return { guard, denials, check };
  };

  it('lets through what the policies allow, and decides each action and resource once', async () => {
    const { guard, check } = make();
    await check('DynamoDBClient', 'GetItemCommand', { TableName: 't', Key: { pk: 'USER#1' } });
    await check('DynamoDBClient', 'GetItemCommand', { TableName: 't', Key: { pk: 'USER#2' } });
    await check('DynamoDBClient', 'QueryCommand', { TableName: 't', IndexName: 'gsi1' });
    // The policies test no condition key of GetItem's: one decision serves every key.
    expect(guard.decisions.size).toBe(2);
  });

  it("refuses what no statement allows with the service's error, shaped as the SDK's (name, __type, $metadata) and worded as AWS's", async () => {
    const { denials, check } = make();
    const error = await check('DynamoDBClient', 'PutItemCommand', { TableName: 't', Item: { pk: 'A' } }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceException);
    const message = `User: ${principal} is not authorized to perform: dynamodb:PutItem on resource: ${TABLE} because no identity-based policy allows the dynamodb:PutItem action`;
    expect(error).toMatchObject({
      name: 'AccessDeniedException', __type: 'com.amazon.coral.service#AccessDeniedException', $fault: 'client', message,
      $metadata: { httpStatusCode: 400 },
    });
    expect(denials).toEqual([{ action: 'dynamodb:PutItem', resource: TABLE, errorCode: 'AccessDeniedException', errorMessage: message }]);
  });

  it("S3's refusal is AccessDenied, 403, the resource quoted", async () => {
    const { check } = make();
    await check('S3Client', 'GetObjectCommand', { Bucket: 'b', Key: 'k' });
    await expect(check('S3Client', 'PutObjectCommand', { Bucket: 'b', Key: 'k' })).rejects.toMatchObject({
      name: 'AccessDenied', Code: 'AccessDenied', $metadata: { httpStatusCode: 403 },
      message: `User: ${principal} is not authorized to perform: s3:PutObject on resource: "arn:aws:s3:::b/k" because no identity-based policy allows the s3:PutObject action`,
    });
  });

  it('an explicit deny says so; a condition on the partition key is evaluated on the keys the call touches', async () => {
    const { check } = make();
    await expect(check('DynamoDBClient', 'QueryCommand', { TableName: 't', IndexName: 'secret' })).rejects.toMatchObject({
      message: expect.stringMatching(/dynamodb:Query on resource: .*\/index\/secret with an explicit deny in an identity-based policy$/),
    });
    await check('DynamoDBClient', 'UpdateItemCommand', { TableName: 't', Key: { pk: 'ATTEMPTS#otp#1' } });
    await expect(check('DynamoDBClient', 'UpdateItemCommand', { TableName: 't', Key: { pk: 'USER#1' } })).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });

  it("does not judge what IAM does not authorize (a user's own Cognito calls)", async () => {
    const { check } = make();
    await check('CognitoIdentityProviderClient', 'InitiateAuthCommand', { ClientId: 'c' });
  });
});
