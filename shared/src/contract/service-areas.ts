import * as z from './zod';
import { AREA_KINDS, AREA_NAME_MAX, FEE_APPLIES_TO, FEE_LABEL_MAX, MAX_VERTICES, MAX_ZONE_FEE } from '../domain/service-areas';
import { cleanText, Id, Money, moneyInput, ZoneFee } from './common';
import { route } from './route';

export { ZoneFee };

/**
 * Service areas and fee zones, drawn by admins on the map (domain/service-areas). With no service
 * area everywhere is served; once one exists, an estimate or a booking whose pickup or drop is
 * outside every service area is refused (422 outside_service_area). A fee zone adds its fixed fee
 * as its own line of the fare.
 */

/**
 * A corner as the map gives it. Ranges are the polygon rule's (400 service_area_polygon_invalid
 * with every other polygon fault), not the schema's, so a bad drawing gets one clear key.
 */
const Corner = z.strictObject({ lat: z.number(), lng: z.number() });

export const ServiceAreaFields = z.strictObject({
  name: cleanText(AREA_NAME_MAX, { required: true }),
  kind: z.enum(AREA_KINDS),
  /** The corners in order, open or closed (a last corner equal to the first is dropped). */
  polygon: z.array(Corner).check(z.maxLength(MAX_VERTICES + 1)),
  /** Fee zones: the fixed fee (above 0), its label on the fare, and which end of the trip must be inside. */
  fee: z.optional(moneyInput({ positive: true, maxMinor: MAX_ZONE_FEE, key: 'service_area_fee_invalid' })),
  feeLabel: z.optional(cleanText(FEE_LABEL_MAX)),
  feeAppliesTo: z.optional(z.enum(FEE_APPLIES_TO)),
});

export const ServiceArea = z.object({
  id: Id,
  name: z.string(),
  kind: z.enum(AREA_KINDS),
  polygon: z.array(z.object({ lat: z.number(), lng: z.number() })),
  fee: z.optional(Money),
  feeLabel: z.optional(z.string()),
  feeAppliesTo: z.optional(z.enum(FEE_APPLIES_TO)),
  version: z.number(),
  updatedAt: z.number(),
});
export type ServiceArea = z.infer<typeof ServiceArea>;

const ServiceAreaParams = z.object({ id: Id });

export const fetchServiceAreas = route({
  method: 'GET', path: '/service-areas', operationId: 'fetchServiceAreas', area: 'service-areas', auth: ['admin'],
  summary: 'Every service area and fee zone (at most 50: one read)',
  response: z.object({ items: z.array(ServiceArea) }),
});

export const addServiceArea = route({
  method: 'POST', path: '/service-areas', operationId: 'addServiceArea', area: 'service-areas', auth: ['admin'],
  summary: 'Draw a service area or a fee zone. 400 service_area_polygon_invalid (3 to 100 corners in range, no area, 180 degrees of longitude or more), service_area_polygon_self_intersects, service_area_fee_invalid (a fee zone needs a fee above 0), 409 service_area_limit beyond 50',
  body: ServiceAreaFields,
  status: 201,
  response: ServiceArea,
});

export const updateServiceArea = route({
  method: 'PUT', path: '/service-areas/{id}', operationId: 'updateServiceArea', area: 'service-areas', auth: ['admin'],
  summary: 'Replace an area\'s fields if `version` is still current (409 service_area_moved_on otherwise); the polygon rules of addServiceArea; 404 service_area_not_found',
  params: ServiceAreaParams,
  body: z.strictObject({ version: z.number().check(z.int(), z.nonnegative()), area: ServiceAreaFields }),
  response: ServiceArea,
});

export const deleteServiceArea = route({
  method: 'DELETE', path: '/service-areas/{id}', operationId: 'deleteServiceArea', area: 'service-areas', auth: ['admin'],
  summary: 'Delete an area; 404 service_area_not_found',
  params: ServiceAreaParams,
  response: z.object({ deleted: z.literal(true) }),
});
