import type { Context } from 'aws-lambda';
import { IDEMPOTENCY_TTL_SECONDS } from '../../../shared/src/contract/idempotency-key';
import { DomainError } from '../../../shared/src/domain/errors';
import { onFirstUse } from '../adapters/sdk';
import { tableIdempotencyStore, idempotentRequestKey } from '../adapters/dynamodb/idempotency-store';
import type { Item } from '../adapters/dynamodb/repository';
import type { Answer } from './answer';
import { messageFor } from './responses';

/** Powertools' idempotency, from the library layer in AWS (infra/constructs/library-layer.ts), loaded with the first key. */
const library = onFirstUse(() => import('@aws-lambda-powertools/idempotency'));

/**
 * Runs `execute` at most once per caller and key: the first request runs and its answer is kept
 * for 24 hours; the same request again (operation, path parameters and body) gets that answer;
 * the key with another request is 422 `idempotency_key_reused`; a repeat while the first still
 * runs is 409 `idempotency_in_progress`. An error answer keeps nothing (the key is freed), so a
 * request refused for its content can be corrected and sent again with the same key.
 */
export async function runOnce(
  input: {
    uid: string; key: string; known: Item | undefined; context: Context | undefined;
    request: { operation: string; params: unknown; body: unknown };
  },
  execute: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const {
    IdempotencyAlreadyInProgressError, IdempotencyConfig, IdempotencyInconsistentStateError, IdempotencyItemNotFoundError,
    IdempotencyValidationError, makeIdempotent,
  } = await library();
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'key',
    payloadValidationJmesPath: 'request',
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    hashFunction: 'sha256',
  });
  // The in-progress mark lasts as long as the function may run, so a request whose function died can be retried.
  if (input.context) config.registerLambdaContext(input.context);
  let ran = false;
  const once = makeIdempotent(async (_data: { key: string; request: unknown }) => {
    ran = true;
    return await execute() as unknown as Record<string, unknown>;
  }, {
    persistenceStore: await tableIdempotencyStore(idempotentRequestKey(input.uid, input.key), input.known),
    config,
  });
  try {
    const answer = await once({ key: `${input.uid}#${input.key}`, request: JSON.parse(JSON.stringify(input.request)) }) as unknown as Answer;
    return { ...answer, replayed: !ran };
  } catch (e) {
    if (e instanceof IdempotencyValidationError) {
      throw new DomainError('idempotency_key_reused', 422, messageFor('idempotency_key_reused'));
    }
    if (e instanceof IdempotencyAlreadyInProgressError || e instanceof IdempotencyInconsistentStateError || e instanceof IdempotencyItemNotFoundError) {
      throw new DomainError('idempotency_in_progress', 409, messageFor('idempotency_in_progress'));
    }
    throw e;
  }
}
