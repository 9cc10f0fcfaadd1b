import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config';
import { recordRoundTrip } from './round-trips';
import { tracer } from '../../observability/tracer';

let doc: DynamoDBDocumentClient | undefined;

/** One document client per container, created on first use; every call is counted. */
export function documentClient(): DynamoDBDocumentClient {
  if (!doc) {
    const { AWS_REGION, DYNAMODB_ENDPOINT } = config();
    const base = tracer.captureAWSv3Client(new DynamoDBClient({ region: AWS_REGION, endpoint: DYNAMODB_ENDPOINT, maxAttempts: 3 }));
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
    doc = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return doc;
}

export function tableName(): string {
  return config().TABLE_NAME;
}

export function resetDocumentClient(): void {
  doc = undefined;
}
