import type { SosStore } from '../../ports/sos';
import { keys } from './keys';
import { stripKeys, table, type Item } from './repository';

/** Alerts are kept for a year, like the dispatch story: support and disputes look back. */
const SOS_TTL_SECONDS = 365 * 24 * 60 * 60;

export const sosRepository: SosStore = {
  async get(id, opts) {
    const item = await table.get<Item>(keys.sosAlert(id), { consistent: opts?.consistent });
    return item ? (stripAlert(item) as never) : undefined;
  },

  async latest(limit, opts) {
    // A fleet's alerts sit under gsi1 with the same sort keys as the SOS partition's.
    const fleet = opts?.fleet;
    const { items } = await table.query<Item>({
      ...(fleet ? { IndexName: 'gsi1' } : {}),
      KeyConditionExpression: fleet ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': fleet ? keys.sosFleetPk(fleet) : keys.sosPk, ':prefix': keys.sosPrefix },
      ScanIndexForward: false,
      Limit: limit,
    });
    return items.map((i) => stripAlert(i) as never);
  },

  async raise(alert, booking) {
    await table.transact([
      { Put: { Item: { ...keys.sosAlert(alert.id), ...(alert.fleetadmin ? keys.sosAlertByFleet(alert.fleetadmin, alert.id) : {}), ...alert, expiresAt: Math.floor(alert.at / 1000) + SOS_TTL_SECONDS }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        // The trip is flagged; the version moves so that no step written from an older read drops the flag.
        Update: {
          Key: keys.booking(booking.id),
          UpdateExpression: 'SET sosAlert = :id, #version = #version + :one',
          ConditionExpression: '#version = :v',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':id': alert.id, ':v': booking.version, ':one': 1 },
        },
      },
    ], { conflictCode: 'sos_trip_not_active' });
  },

  async step(id, from, to, entry) {
    const updated = await table.update(keys.sosAlert(id), {
      expression: 'SET #status = :to, audit = list_append(audit, :entry)',
      condition: '#status = :from',
      names: { '#status': 'status' },
      values: { ':to': to, ':from': from, ':entry': [entry] },
      conflictCode: 'sos_alert_moved_on',
    });
    return stripAlert(updated as Item) as never;
  },

  async markContactTexted(id, at) {
    await table.update(keys.sosAlert(id), { expression: 'SET contactTextedAt = :at', condition: 'attribute_exists(pk)', values: { ':at': at } });
  },
};

function stripAlert(item: Item) {
  const { expiresAt: _, ...rest } = stripKeys(item) as Item & { expiresAt?: number };
  return rest;
}
