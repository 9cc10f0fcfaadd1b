import type { CancelReason, CancelReasonList, CarType } from '../../../shared/src/contract/catalog';
import type { Promo } from '../../../shared/src/contract/promos';

/** A car type as stored; `imageKey` names an uploaded image (its URL is in `image`). */
export type StoredCarType = CarType & { imageKey?: string };

export interface CarTypeStore {
  list(): Promise<CarType[]>;
  get(id: string): Promise<StoredCarType | undefined>;
  /** With its name claim, in one transaction: 409 when the id or the name is taken. */
  create(c: StoredCarType): Promise<void>;
  /** Writes `next` if the stored version is still `next.version - 1`; moves the name claim. 409 otherwise. */
  replace(current: StoredCarType, next: StoredCarType): Promise<void>;
  /** Deletes the car type and its name claim; with a version, only if it is still current. 404 / 409. */
  remove(current: StoredCarType, expectedVersion?: number): Promise<void>;
  /** The id of the car type holding a name claim (case-insensitive), if any. */
  nameOwner(name: string): Promise<string | undefined>;
}

export interface CancelReasonStore {
  /** The reasons in value order and the list version (0 before the first change). Strongly consistent. */
  list(): Promise<CancelReasonList>;
  /**
   * Turns `before` into `after` in one transaction guarded by the list version: every changed
   * value is written, every value beyond the new length deleted. 409 when the version moved.
   */
  save(before: CancelReasonList, after: CancelReason[]): Promise<CancelReasonList>;
}

export type StoredPromo = Promo;

export interface PromoStore {
  list(): Promise<Promo[]>;
  get(id: string): Promise<StoredPromo | undefined>;
  create(p: StoredPromo): Promise<void>;
  replace(current: StoredPromo, next: StoredPromo): Promise<void>;
  remove(current: StoredPromo, expectedVersion?: number): Promise<void>;
  nameOwner(name: string): Promise<string | undefined>;
}
