import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config';
import { recordRoundTrip } from './round-trips';
import { traced } from '../../observability/tracer';

let doc: Promise<DynamoDBDocumentClient> | undefined;

/**
 * One document client per container, created on first use (the SDK is loaded then, not at import:
 * see adapters/sdk.ts); every call is counted.
 */
export function documentClient(): Promise<DynamoDBDocumentClient> {
  if (!doc) {
    doc = create();
    doc.catch(() => { doc = undefined; });
  }
  return doc;
}

async function create(): Promise<DynamoDBDocumentClient> {
  const [{ DynamoDBClient }, { DynamoDBDocumentClient }] = await Promise.all([import('@aws-sdk/client-dynamodb'), import('@aws-sdk/lib-dynamodb')]);
  const { AWS_REGION, DYNAMODB_ENDPOINT } = config();
  const base = await traced(new DynamoDBClient({ region: AWS_REGION, endpoint: DYNAMODB_ENDPOINT, maxAttempts: 3 }));
  base.middlewareStack.add(
    (next, context) => async (args) => {
      const done = recordRoundTrip(String(context.commandName ?? 'unknown'));
      try {
        return await next(args);
      } finally {
        done();
      }
    },
    { step: 'initialize', name: 'roundTripCounter' },
  );
  return DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export function tableName(): string {
  return config().TABLE_NAME;
}

export function resetDocumentClient(): void {
  doc = undefined;
}
