/**
 * What IAM authorizes for one AWS SDK call: the action (`dynamodb:PutItem`) on each resource the
 * call touches (`arn:aws:dynamodb:…:table/t`), as the service's authorization reference lists them.
 * An SDK command is the API operation its name says (`PutItemCommand` → `PutItem`); the client names
 * the service, whose IAM prefix is not always its name (`cognito-idp`, `execute-api`, `geo`). Where
 * an operation is authorized as other actions (a transaction by each item's own action, a copy as a
 * read and a write, a HEAD as a GET), the mapping says so.
 */

/** One action on one resource, with the condition keys the request sets (`dynamodb:LeadingKeys`). */
export interface IamRequest {
  action: string;
  resource: string;
  context?: Record<string, string | string[]>;
}

/** An SDK call: its client and command names (as the SDK's commands declare them) and its input. */
export interface SdkCall {
  clientName: string;
  commandName: string;
  input: Record<string, unknown>;
  region: string;
  /** The path of the client's endpoint (`/ws` for a WebSocket API's management endpoint: its stage). */
  endpointPath?: string;
}

/** What the ARNs need that a call does not say. */
export interface IamWhere {
  accountId: string;
  /** The WebSocket API whose management endpoint the functions call (the one the local cloud serves). */
  webSocketApiId: string;
  /** Each table's partition key attribute (for `dynamodb:LeadingKeys`). */
  partitionKeys?: Record<string, string>;
}

/** Each client's IAM service prefix. */
const PREFIXES: Record<string, string> = {
  DynamoDBClient: 'dynamodb', DynamoDBStreamsClient: 'dynamodb', S3Client: 's3',
  CognitoIdentityProviderClient: 'cognito-idp', SecretsManagerClient: 'secretsmanager',
  ApiGatewayManagementApiClient: 'execute-api', SNSClient: 'sns', SQSClient: 'sqs', SESv2Client: 'ses',
  SchedulerClient: 'scheduler', LocationClient: 'geo', FirehoseClient: 'firehose', KinesisClient: 'kinesis',
  PersonalizeEventsClient: 'personalize',
};

/**
 * Cognito operations IAM does not authorize: a user's own token (or the app client and the user's
 * answers) does, whatever the caller's policy says (the user pools API reference, "authorization
 * models": unauthenticated and token-authorized operations).
 */
const COGNITO_NOT_IAM = new Set([
  'SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'ForgotPassword', 'ConfirmForgotPassword', 'InitiateAuth',
  'RespondToAuthChallenge', 'GetUser', 'ChangePassword', 'DeleteUser', 'UpdateUserAttributes', 'DeleteUserAttributes',
  'VerifyUserAttribute', 'GetUserAttributeVerificationCode', 'GlobalSignOut', 'RevokeToken', 'SetUserMFAPreference',
  'SetUserSettings', 'ConfirmDevice', 'ForgetDevice', 'GetDevice', 'ListDevices', 'UpdateDeviceStatus',
  'AssociateSoftwareToken', 'VerifySoftwareToken', 'GetUserAuthFactors', 'GetTokensFromRefreshToken',
  'StartWebAuthnRegistration', 'CompleteWebAuthnRegistration', 'ListWebAuthnCredentials', 'DeleteWebAuthnCredential',
]);

/** S3 operations authorized as another action (the S3 user guide's "actions" table). */
const S3_ACTIONS: Record<string, string> = {
  HeadObject: 'GetObject', HeadBucket: 'ListBucket', ListObjectsV2: 'ListBucket', ListObjects: 'ListBucket',
  ListParts: 'ListMultipartUploadParts', CreateMultipartUpload: 'PutObject', UploadPart: 'PutObject',
  CompleteMultipartUpload: 'PutObject', UploadPartCopy: 'PutObject', PutBucketCors: 'PutBucketCORS',
  GetBucketCors: 'GetBucketCORS', DeleteBucketCors: 'PutBucketCORS', ListMultipartUploads: 'ListBucketMultipartUploads',
  GetObjectAttributes: 'GetObjectAttributes',
};

/** A transaction item is authorized as the single-item action it is. */
const TRANSACT_ITEM_ACTIONS: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem', Get: 'GetItem' };

/** The operation a command runs: its name without `Command`. */
export const operationOf = (commandName: string) => commandName.replace(/Command$/, '');

/**
 * The IAM requests of a call, or `unchecked` for an operation IAM does not authorize. Throws for a
 * client or an operation whose resources it does not know (a call it cannot judge is not let through).
 */
export function iamRequestsOf(call: SdkCall, where: IamWhere): IamRequest[] | 'unchecked' {
  const prefix = PREFIXES[call.clientName];
  if (!prefix) throw new Error(`the local cloud does not know the IAM prefix of ${call.clientName}`);
  const operation = operationOf(call.commandName);
  const { region } = call;
  const { accountId } = where;
  const input = call.input;
  const text = (name: string) => (typeof input[name] === 'string' ? (input[name] as string) : undefined);
  const one = (action: string, resource: string, leading?: string[]): IamRequest[] =>
    [{ action: `${prefix}:${action}`, resource, ...contextOf(leading) }];
  const unknown = () => new Error(`the local cloud does not know the resource of ${prefix}:${operation}`);

  switch (prefix) {
    case 'dynamodb': {
      const tableArn = (name: string) => (name.startsWith('arn:') ? name : `arn:aws:dynamodb:${region}:${accountId}:table/${name}`);
      const leading = (table: string, ...keys: unknown[]) => leadingKeys(table, keys, where);
      switch (operation) {
        case 'GetItem': case 'PutItem': case 'UpdateItem': case 'DeleteItem': {
          const table = text('TableName')!;
          return one(operation, tableArn(table), leading(table, input.Key ?? input.Item));
        }
        case 'Query': case 'Scan': {
          const table = text('TableName')!;
          const index = text('IndexName');
          return one(operation, index ? `${tableArn(table)}/index/${index}` : tableArn(table));
        }
        case 'BatchGetItem': case 'BatchWriteItem':
          return Object.entries((input.RequestItems ?? {}) as Record<string, unknown>).map(([table, items]) => ({
            action: `dynamodb:${operation}`, resource: tableArn(table),
            ...contextOf(leading(table, ...(operation === 'BatchGetItem'
              ? ((items as { Keys?: unknown[] }).Keys ?? [])
              : (items as Record<string, { Item?: unknown; Key?: unknown }>[]).map((w) => Object.values(w)[0]?.Item ?? Object.values(w)[0]?.Key)))),
          }));
        case 'TransactWriteItems': case 'TransactGetItems':
          // No `TransactWriteItems` action exists: each item needs its own action on its table.
          return ((input.TransactItems ?? []) as Record<string, { TableName: string; Key?: unknown; Item?: unknown }>[]).map((item) => {
            const [kind, body] = Object.entries(item)[0]!;
            return { action: `dynamodb:${TRANSACT_ITEM_ACTIONS[kind]!}`, resource: tableArn(body.TableName), ...contextOf(leading(body.TableName, body.Key ?? body.Item)) };
          });
        case 'DescribeTable': case 'DescribeTimeToLive': case 'DescribeContinuousBackups':
          return one(operation, tableArn(text('TableName')!));
        case 'DescribeStream': case 'GetShardIterator':
          return one(operation, text('StreamArn')!);
        case 'ListTables': case 'ListStreams': case 'DescribeLimits': case 'DescribeEndpoints':
          return one(operation, '*');
      }
      throw unknown();
    }
    case 's3': {
      const action = S3_ACTIONS[operation] ?? operation;
      const bucket = text('Bucket');
      if (!bucket) throw unknown();
      if (operation === 'CopyObject') {
        const source = decodeURIComponent(text('CopySource')!.replace(/^\//, '').replace(/\?.*$/, ''));
        return [{ action: 's3:GetObject', resource: `arn:aws:s3:::${source}` }, { action: 's3:PutObject', resource: `arn:aws:s3:::${bucket}/${text('Key')!}` }];
      }
      if (operation === 'DeleteObjects') {
        return ((input.Delete as { Objects?: { Key: string }[] } | undefined)?.Objects ?? []).map((o) => ({ action: 's3:DeleteObject', resource: `arn:aws:s3:::${bucket}/${o.Key}` }));
      }
      const key = text('Key');
      return one(action, key === undefined ? `arn:aws:s3:::${bucket}` : `arn:aws:s3:::${bucket}/${key}`);
    }
    case 'cognito-idp': {
      if (COGNITO_NOT_IAM.has(operation)) return 'unchecked';
      const pool = text('UserPoolId');
      return one(operation, pool ? `arn:aws:cognito-idp:${region}:${accountId}:userpool/${pool}` : '*');
    }
    case 'secretsmanager': {
      const id = text('SecretId');
      if (!id) return one(operation, '*');
      return one(operation, id.startsWith('arn:') ? id : `arn:aws:secretsmanager:${region}:${accountId}:secret:${id}`);
    }
    case 'execute-api': {
      // The management API of a WebSocket API: its endpoint's path is the stage.
      const method = ({ PostToConnection: 'POST', GetConnection: 'GET', DeleteConnection: 'DELETE' } as Record<string, string>)[operation];
      if (!method) throw unknown();
      const stage = (call.endpointPath ?? '').split('/').filter(Boolean)[0] ?? '';
      return one('ManageConnections', `arn:aws:execute-api:${region}:${accountId}:${where.webSocketApiId}/${stage}/${method}/@connections/${text('ConnectionId')!}`);
    }
    case 'sns': {
      // Publishing to a phone number names no resource.
      const arn = text('TopicArn') ?? text('TargetArn') ?? text('EndpointArn') ?? text('PlatformApplicationArn') ?? text('ResourceArn');
      return one(operation, arn ?? '*');
    }
    case 'sqs': {
      const url = text('QueueUrl');
      const name = text('QueueName');
      if (url) {
        const [, account, queue] = new URL(url).pathname.split('/');
        return one(operation, `arn:aws:sqs:${region}:${account}:${queue}`);
      }
      if (name) return one(operation, `arn:aws:sqs:${region}:${accountId}:${name}`);
      return one(operation, '*');
    }
    case 'scheduler': {
      if (operation === 'CreateSchedule' || operation === 'UpdateSchedule') {
        const schedule = `arn:aws:scheduler:${region}:${accountId}:schedule/${text('GroupName') ?? 'default'}/${text('Name')!}`;
        const role = (input.Target as { RoleArn?: string } | undefined)?.RoleArn;
        // The schedule runs as its target's role: creating it passes that role.
        return [{ action: `scheduler:${operation}`, resource: schedule }, ...(role ? [{ action: 'iam:PassRole', resource: role }] : [])];
      }
      if (operation === 'DeleteSchedule' || operation === 'GetSchedule') {
        return one(operation, `arn:aws:scheduler:${region}:${accountId}:schedule/${text('GroupName') ?? 'default'}/${text('Name')!}`);
      }
      throw unknown();
    }
    case 'geo': {
      const index = text('IndexName');
      const calculator = text('CalculatorName');
      if (index) return one(operation, `arn:aws:geo:${region}:${accountId}:place-index/${index}`);
      if (calculator) return one(operation, `arn:aws:geo:${region}:${accountId}:route-calculator/${calculator}`);
      throw unknown();
    }
    case 'ses': {
      if (operation !== 'SendEmail') throw unknown();
      const from = text('FromEmailAddress') ?? '';
      const identity = from.replace(/^.*</, '').replace(/>.*$/, '').split('@')[1] ?? from;
      return one('SendEmail', `arn:aws:ses:${region}:${accountId}:identity/${identity}`);
    }
  }
  throw unknown();
}

/** `dynamodb:LeadingKeys`: the partition key values of the items a call reads or writes, where the table's key is known. */
function leadingKeys(table: string, items: unknown[], where: IamWhere): string[] | undefined {
  const attribute = where.partitionKeys?.[table.replace(/^arn:.*:table\//, '')];
  if (!attribute) return undefined;
  const values = items.flatMap((item) => {
    const value = (item as Record<string, unknown> | undefined)?.[attribute];
    // The document client's plain value, or the low-level client's `{ S: … }`.
    if (typeof value === 'string' || typeof value === 'number') return [String(value)];
    const typed = value as { S?: string; N?: string } | undefined;
    return typed?.S ?? typed?.N ? [String(typed.S ?? typed.N)] : [];
  });
  return values.length > 0 ? [...new Set(values)] : undefined;
}

const contextOf = (keys: string[] | undefined) => (keys ? { context: { 'dynamodb:LeadingKeys': keys } } : {});
