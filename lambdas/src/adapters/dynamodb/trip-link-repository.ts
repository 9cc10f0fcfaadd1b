import type { TripLinkAudience } from '../../../../shared/src/domain/trip-link';
import { DomainError } from '../../../../shared/src/domain/errors';
import type { TripLinkRecord, TripLinkStore } from '../../ports/trip-links';
import { keys } from './keys';
import { table } from './repository';

const ttlSeconds = (ms: number) => Math.ceil(ms / 1000);

/**
 * Links at `TRIPLINK#<sha256(token)> / TRIPLINK` (what the public read gets by key) and the
 * booking's pointer at `BOOKING#<id> / TRIPLINK#<audience>` (what revoking and replacing find).
 * Both expire by TTL after the link's hard end; the read checks the end itself (TTL lags).
 */
export const tripLinkRepository: TripLinkStore = {
  async replace(bookingId, audience, tokenHash, createdAt, validUntil) {
    const pointerKey = keys.bookingTripLink(bookingId, audience);
    const old = await table.get<{ hash: string }>(pointerKey, { consistent: true });
    await table.transact([
      { Put: { Item: { ...keys.tripLink(tokenHash), bookingId, audience, createdAt, validUntil, expiresAt: ttlSeconds(validUntil) }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Put: {
          Item: { ...pointerKey, hash: tokenHash, createdAt, expiresAt: ttlSeconds(validUntil) },
          // Another replace or revoke in between: this one loses rather than leave a link behind.
          ...(old
            ? { ConditionExpression: '#hash = :old', ExpressionAttributeNames: { '#hash': 'hash' }, ExpressionAttributeValues: { ':old': old.hash } }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
      ...(old ? [{ Delete: { Key: keys.tripLink(old.hash) } }] : []),
    ]);
  },

  async revoke(bookingId, audience: TripLinkAudience) {
    const pointerKey = keys.bookingTripLink(bookingId, audience);
    const current = await table.get<{ hash: string }>(pointerKey, { consistent: true });
    if (!current) return false;
    try {
      await table.transact([
        { Delete: { Key: pointerKey, ConditionExpression: '#hash = :hash', ExpressionAttributeNames: { '#hash': 'hash' }, ExpressionAttributeValues: { ':hash': current.hash } } },
        { Delete: { Key: keys.tripLink(current.hash) } },
      ]);
      return true;
    } catch (e) {
      // Revoked or replaced by a concurrent call: the link read is gone either way.
      if (e instanceof DomainError && e.status === 409) return false;
      throw e;
    }
  },

  async find(tokenHash) {
    const item = await table.get<Record<string, unknown>>(keys.tripLink(tokenHash), { consistent: true });
    if (!item || typeof item.bookingId !== 'string') return undefined;
    return {
      bookingId: item.bookingId, audience: item.audience === 'recipient' ? 'recipient' : 'rider',
      createdAt: Number(item.createdAt), validUntil: Number(item.validUntil),
    } satisfies TripLinkRecord;
  },
};
