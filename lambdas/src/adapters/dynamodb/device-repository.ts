import type { DevicePlatform } from '../../../../shared/src/contract/notifications';
import { DomainError } from '../../../../shared/src/domain/errors';
import type { DeviceStore, PushClaims, PushDevice } from '../../ports/push';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { documentCommands, table, type TransactItem } from './repository';

/** A claim left `sending` this long by a run that died is taken again (the stream consumer times out in 60 s). */
const CLAIM_STALE_MS = 120_000;
const CLAIM_TTL_SECONDS = 7 * 24 * 60 * 60;

type DeviceItem = PushDevice & { pk: string; sk: string; tokenHash: string } & Record<string, unknown>;

const toDevice = (i: DeviceItem): PushDevice => ({
  uid: i.uid, usertype: i.usertype, token: i.token, platform: i.platform, updatedAt: i.updatedAt,
  ...(i.endpointArn ? { endpointArn: i.endpointArn } : {}),
  ...(typeof i.language === 'string' ? { language: i.language } : {}),
});

function deviceItem(d: PushDevice): DeviceItem {
  const hash = keys.pushTokenHash(d.token);
  return { ...keys.device(d.uid, hash), ...keys.deviceIndexes(d.usertype, d.platform, d.uid, hash, d.endpointArn), ...d, tokenHash: hash };
}

/** The profile's pushToken and userPlatform describe its latest device; cleared when that device leaves. */
async function clearProfileToken(uid: string, token: string): Promise<void> {
  try {
    await table.update(keys.userProfile(uid), {
      expression: 'REMOVE pushToken, userPlatform', condition: 'pushToken = :token', values: { ':token': token },
    });
  } catch (e) {
    if (!(e instanceof DomainError && e.status === 409)) throw e;
  }
}

/**
 * Push devices at `USER#<uid> / DEVICE#<hash>`, each indexed by audience partition (gsi1) and SNS
 * endpoint (gsi2); `PUSHTOKEN#<hash> / CLAIM` says which user holds a token, so a token that moves
 * to another user moves its device in one transaction.
 */
export const deviceRepository: DeviceStore = {
  async get(token) {
    const hash = keys.pushTokenHash(token);
    const claim = await table.get<{ uid: string }>(keys.pushTokenClaim(hash), { consistent: true });
    if (!claim) return undefined;
    const item = await table.get<DeviceItem>(keys.device(claim.uid, hash), { consistent: true });
    return item ? toDevice(item) : undefined;
  },

  async save(device, previous) {
    const hash = keys.pushTokenHash(device.token);
    const holder = previous?.uid ?? device.uid;
    const items: TransactItem[] = [
      { Put: { Item: deviceItem(device) } },
      {
        Put: {
          Item: { ...keys.pushTokenClaim(hash), uid: device.uid },
          ConditionExpression: 'attribute_not_exists(pk) OR uid = :holder',
          ExpressionAttributeValues: { ':holder': holder },
        },
      },
      {
        Update: {
          Key: keys.userProfile(device.uid),
          UpdateExpression: 'SET pushToken = :token, userPlatform = :platform',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':token': device.token, ':platform': device.platform },
        },
      },
    ];
    if (previous && previous.uid !== device.uid) items.push({ Delete: { Key: keys.device(previous.uid, hash) } });
    await table.transact(items);
    if (previous && previous.uid !== device.uid) await clearProfileToken(previous.uid, device.token);
  },

  async remove(device) {
    const hash = keys.pushTokenHash(device.token);
    try {
      await table.transact([
        { Delete: { Key: keys.device(device.uid, hash), ConditionExpression: 'attribute_exists(pk)' } },
        { Delete: { Key: keys.pushTokenClaim(hash), ConditionExpression: 'uid = :uid', ExpressionAttributeValues: { ':uid': device.uid } } },
      ]);
    } catch (e) {
      if (e instanceof DomainError && e.status === 409) return false;
      throw e;
    }
    await clearProfileToken(device.uid, device.token);
    return true;
  },

  async ofUser(uid) {
    return (await table.beginsWith<DeviceItem>(keys.userPk(uid), keys.devicePrefix)).map(toDevice);
  },

  async byEndpoint(endpointArn) {
    const out = await table.query<DeviceItem>({
      IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': keys.pushEndpointPk(endpointArn) }, Limit: 1,
    });
    return out.items[0] ? toDevice(out.items[0]) : undefined;
  },

  async page(usertype: string, platform: DevicePlatform, opts) {
    const out = await table.query<DeviceItem>({
      IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.pushAudiencePk(usertype, platform) },
      Limit: opts.limit, cursor: opts.cursor,
    });
    return { items: out.items.map(toDevice), next: out.next };
  },

  async count(usertype: string, platform: DevicePlatform) {
    let total = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const { QueryCommand } = await documentCommands();
      const out = await (await documentClient()).send(new QueryCommand({
        TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.pushAudiencePk(usertype, platform) }, Select: 'COUNT', ExclusiveStartKey: start,
      }));
      total += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return total;
  },
};

/** Push claims at `PUSHSENT#<delivery>#<hash> / CLAIM` (TTL a week). */
export const pushClaimRepository: PushClaims = {
  async take(delivery, token) {
    const now = Date.now();
    const key = keys.pushClaim(delivery, keys.pushTokenHash(token));
    try {
      await table.put(
        { ...key, state: 'sending', at: now, expiresAt: Math.floor(now / 1000) + CLAIM_TTL_SECONDS },
        { condition: 'attribute_not_exists(pk) OR (#state = :sending AND #at < :stale)', names: { '#state': 'state', '#at': 'at' }, values: { ':sending': 'sending', ':stale': now - CLAIM_STALE_MS } },
      );
      return 'taken';
    } catch (e) {
      if (!(e instanceof DomainError && e.status === 409)) throw e;
    }
    const held = await table.get<{ state: string }>(key, { consistent: true });
    if (held?.state === 'sent' || held?.state === 'failed') return held.state;
    return 'busy';
  },
  async settle(delivery, token, outcome) {
    await table.update(keys.pushClaim(delivery, keys.pushTokenHash(token)), { expression: 'SET #state = :outcome', names: { '#state': 'state' }, values: { ':outcome': outcome } });
  },
  async release(delivery, token) {
    try {
      await table.delete(keys.pushClaim(delivery, keys.pushTokenHash(token)), { condition: '#state = :sending', names: { '#state': 'state' }, values: { ':sending': 'sending' } });
    } catch (e) {
      if (!(e instanceof DomainError && e.status === 409)) throw e;
    }
  },
};
