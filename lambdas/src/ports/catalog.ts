import type { CarType } from '../../../shared/src/contract/catalog';

export interface CarTypeStore {
  list(): Promise<CarType[]>;
}
