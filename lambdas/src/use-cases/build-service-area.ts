import type { ServiceAreaFields } from '../../../shared/src/contract/service-areas';
import type * as z from '../../../shared/src/contract/zod';
import { DomainError } from '../../../shared/src/domain/errors';
import { toMinor } from '../../../shared/src/domain/money';
import { normalisePolygon } from '../../../shared/src/domain/service-areas';
import type { ServiceAreaRecord } from '../ports/service-areas';

type Fields = z.infer<typeof ServiceAreaFields>;

const refuse = (code: string, path: string) => new DomainError(code, 400, undefined, [{ path, message: code }]);

/** The admin's fields as stored, checked: the polygon's rule, and a fee zone's fee (a service area keeps none). */
export function buildServiceArea(fields: Fields, server: Pick<ServiceAreaRecord, 'id' | 'version' | 'updatedAt'>): ServiceAreaRecord {
  const polygon = normalisePolygon(fields.polygon);
  if ('problem' in polygon) throw refuse(polygon.problem, 'polygon');
  const base = { ...server, name: fields.name, kind: fields.kind, polygon: polygon.ring };
  if (fields.kind === 'service') return base;
  if (fields.fee === undefined || fields.fee <= 0) throw refuse('service_area_fee_invalid', 'fee');
  return { ...base, fee: toMinor(fields.fee), feeLabel: fields.feeLabel?.trim() || fields.name, feeAppliesTo: fields.feeAppliesTo ?? 'pickup' };
}
