import type { ServiceAreaShape } from '../../../shared/src/domain/service-areas';

/** An area as stored: money in minor units; `version` guards every replace. */
export interface ServiceAreaRecord extends ServiceAreaShape {
  version: number;
  updatedAt: number;
}

export interface ServiceAreaStore {
  /** Every area (one Query of one small partition). */
  list(opts?: { consistent?: boolean }): Promise<ServiceAreaRecord[]>;
  /** The areas' revision: it moves with every add, replace and remove, in the same transaction (one consistent read of one small item). */
  revision(): Promise<number>;
  get(id: string): Promise<ServiceAreaRecord | undefined>;
  /** The area and the count in one transaction: 409 service_area_limit when `max` are drawn already. */
  add(area: ServiceAreaRecord, max: number): Promise<void>;
  /** Replaced only if still at `expectedVersion` (409 service_area_moved_on), with the revision moved on. */
  replace(area: ServiceAreaRecord, expectedVersion: number): Promise<void>;
  /** The area and one off the count in one transaction; 404 service_area_not_found when it is gone. */
  remove(id: string): Promise<void>;
}
