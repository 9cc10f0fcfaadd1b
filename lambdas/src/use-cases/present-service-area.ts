import type { ServiceArea } from '../../../shared/src/contract/service-areas';
import { toDecimal } from '../../../shared/src/domain/money';
import type { ServiceAreaRecord } from '../ports/service-areas';

/** An area as admins see it: money in decimals. */
export function presentServiceArea(a: ServiceAreaRecord): ServiceArea {
  return {
    id: a.id, name: a.name, kind: a.kind, polygon: a.polygon, version: a.version, updatedAt: a.updatedAt,
    ...(a.kind === 'fee' && a.fee !== undefined ? { fee: toDecimal(a.fee), feeLabel: a.feeLabel, feeAppliesTo: a.feeAppliesTo } : {}),
  };
}
