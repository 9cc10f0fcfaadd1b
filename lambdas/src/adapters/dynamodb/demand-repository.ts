import geohash from 'ngeohash';
import type { LatLng } from '../../../../shared/src/domain/distance';
import type { DemandCellRecord, DemandStore } from '../../ports/demand';
import { keys } from './keys';
import { table, type Item, type TransactItem } from './repository';

/** A year of days stays readable; DynamoDB's TTL removes older cells. */
const DEMAND_TTL_SECONDS = 366 * 24 * 60 * 60;

/**
 * `ADD <counter> :one` on the cell of `point` for the operator's `day` (YYYY-MM-DD), with the cell's centre:
 * one small item per day and cell, however many requests it counts.
 */
export function demandUpdate(counter: 'bookings' | 'unserved', point: LatLng, day: string, at: number): TransactItem {
  const cell = geohash.encode(point.lat, point.lng, 5);
  const centre = geohash.decode(cell);
  return {
    Update: {
      Key: keys.demandCell(day, cell),
      UpdateExpression: `ADD #counter :one SET lat = :lat, lng = :lng, expiresAt = if_not_exists(expiresAt, :exp)`,
      ExpressionAttributeNames: { '#counter': counter },
      ExpressionAttributeValues: {
        ':one': 1, ':lat': Math.round(centre.latitude * 1e5) / 1e5, ':lng': Math.round(centre.longitude * 1e5) / 1e5,
        ':exp': Math.floor(at / 1000) + DEMAND_TTL_SECONDS,
      },
    },
  };
}

export const demandRepository: DemandStore = {
  async unserved(pickup, day, at) {
    const { Key, ...rest } = demandUpdate('unserved', pickup, day, at).Update!;
    await table.update(Key as { pk: string; sk: string }, {
      expression: rest.UpdateExpression!,
      names: rest.ExpressionAttributeNames,
      values: rest.ExpressionAttributeValues as Item,
    });
  },

  async cells(day) {
    const items = await table.queryAll<Item>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.demandPk(day) } });
    return items.map((i): DemandCellRecord => ({
      cell: String(i.sk), lat: Number(i.lat), lng: Number(i.lng), bookings: Number(i.bookings ?? 0), unserved: Number(i.unserved ?? 0),
    }));
  },
};
