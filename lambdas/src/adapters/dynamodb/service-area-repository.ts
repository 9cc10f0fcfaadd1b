import { DomainError } from '../../../../shared/src/domain/errors';
import type { ServiceAreaRecord, ServiceAreaStore } from '../../ports/service-areas';
import { keys } from './keys';
import { stripKeys, table, type Item } from './repository';

export const serviceAreaRepository: ServiceAreaStore = {
  async list(opts) {
    const items = await table.queryAll<Item>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.serviceAreaPk, ':prefix': keys.serviceAreaPrefix },
      ConsistentRead: opts?.consistent,
    });
    return items.map((i) => stripKeys(i) as unknown as ServiceAreaRecord);
  },

  async revision() {
    const meta = await table.get<Item>(keys.serviceAreaCount(), { consistent: true });
    return typeof meta?.revision === 'number' ? meta.revision : 0;
  },

  async get(id) {
    const item = await table.get<Item>(keys.serviceArea(id), { consistent: true });
    return item ? (stripKeys(item) as unknown as ServiceAreaRecord) : undefined;
  },

  async add(area, max) {
    await table.transact([
      { Put: { Item: { ...keys.serviceArea(area.id), ...area }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        // The count bounds the partition every estimate reads.
        Update: {
          Key: keys.serviceAreaCount(),
          UpdateExpression: 'ADD areas :one, revision :one',
          ConditionExpression: 'attribute_not_exists(areas) OR areas < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': max },
        },
      },
    ], { conflictCode: 'service_area_limit' });
  },

  async replace(area, expectedVersion) {
    await table.transact([
      {
        Put: {
          Item: { ...keys.serviceArea(area.id), ...area },
          ConditionExpression: 'attribute_exists(pk) AND #version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': expectedVersion },
        },
      },
      { Update: { Key: keys.serviceAreaCount(), UpdateExpression: 'ADD revision :one', ExpressionAttributeValues: { ':one': 1 } } },
    ], { conflictCode: 'service_area_moved_on' });
  },

  async remove(id) {
    try {
      await table.transact([
        { Delete: { Key: keys.serviceArea(id), ConditionExpression: 'attribute_exists(pk)' } },
        { Update: { Key: keys.serviceAreaCount(), UpdateExpression: 'ADD areas :minus, revision :one', ExpressionAttributeValues: { ':minus': -1, ':one': 1 } } },
      ], { conflictCode: 'service_area_not_found' });
    } catch (e) {
      if (e instanceof DomainError && e.code === 'service_area_not_found') throw new DomainError('service_area_not_found', 404);
      throw e;
    }
  },
};
