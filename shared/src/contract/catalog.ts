import * as z from './zod';
import { ImageUpload, UploadTicket } from './uploads';
import { cleanText, Id, Money, moneyInput, PricedItem } from './common';
import { ROLES, route } from './route';

export { PricedItem };

/** Both 'percent' and 'percentage' occur in stored car types (spec §3); they mean the same. */
export const FeeType = z.enum(['flat', 'percent', 'percentage']);
export const CancelSlabRow = z.object({ minsDelayed: z.number().check(z.int(), z.nonnegative()), amount: Money });

export const CarType = z.object({
  id: Id,
  name: z.string().check(z.minLength(1), z.maxLength(60)),
  /** A displayable URL (site-relative for uploaded images), or empty. */
  image: z.optional(z.string().check(z.maxLength(2048))),
  base_fare: Money,
  rate_per_unit_distance: Money,
  rate_per_hour: Money,
  min_fare: Money,
  convenience_fees: z.number().check(z.nonnegative()),
  convenience_fee_type: FeeType,
  extra_info: z.optional(z.string().check(z.maxLength(500))),
  createdAt: z.string(),
  parcelTypes: z.array(PricedItem),
  options: z.array(PricedItem),
  cancelSlab: z.array(CancelSlabRow),
  version: z.number().check(z.int()),
});
export type CarType = z.infer<typeof CarType>;

export const fetchCarTypes = route({
  method: 'GET', path: '/cartypes', operationId: 'fetchCarTypes', area: 'catalog', auth: 'public',
  summary: 'Every car type with its prices, parcel types, options and cancellation slab',
  response: z.object({ items: z.array(CarType) }),
});

/** Key of an image uploaded through createCarTypeImageUploadUrl. */
export const CarTypeImageKey = z.string().check(z.regex(/^public\/cartypes\/[0-9a-f-]{36}$/, 'image must be a key from createCarTypeImageUploadUrl'));

const PricedItemInput = z.strictObject({ description: cleanText(120, { required: true }), amount: moneyInput() });
const CancelSlabInput = z.strictObject({ minsDelayed: z.number().check(z.int(), z.nonnegative(), z.lte(100_000)), amount: moneyInput() });

/**
 * What an admin may set on a car type (spec §3). Unknown fields are refused; id, createdAt and
 * version are the server's. A percent fee is a share of the fare, so at most 100.
 */
export const CarTypeFields = z.strictObject({
  name: cleanText(60, { required: true }),
  /** A fresh upload key; omitted keeps the current image on update, null removes it. */
  image: z.optional(z.nullable(CarTypeImageKey)),
  base_fare: moneyInput(),
  rate_per_unit_distance: moneyInput(),
  rate_per_hour: moneyInput(),
  min_fare: moneyInput(),
  convenience_fees: moneyInput(),
  convenience_fee_type: FeeType,
  extra_info: z.optional(cleanText(500)),
  parcelTypes: z._default(z.array(PricedItemInput).check(z.maxLength(50)), []),
  options: z._default(z.array(PricedItemInput).check(z.maxLength(50)), []),
  cancelSlab: z._default(z.array(CancelSlabInput).check(z.maxLength(50)), []),
}).check(z.superRefine((c, ctx) => {
  if (c.convenience_fee_type !== 'flat' && c.convenience_fees > 100) {
    ctx.addIssue({ code: 'custom', path: ['convenience_fees'], message: 'A percent convenience fee must be at most 100' });
  }
  const mins = c.cancelSlab.map((s) => s.minsDelayed);
  if (new Set(mins).size !== mins.length) {
    ctx.addIssue({ code: 'custom', path: ['cancelSlab'], message: 'Each cancellation slab row needs its own minsDelayed' });
  }
}));
export type CarTypeFields = z.infer<typeof CarTypeFields>;

export const addCarType = route({
  method: 'POST', path: '/cartypes', operationId: 'addCarType', area: 'catalog', auth: ['admin'],
  summary: 'Add a car type (spec editCarType Add); the name must be unique; refused in demo mode',
  body: CarTypeFields, status: 201,
  response: CarType,
});

export const CarTypeIdParams = z.object({ id: Id });

export const updateCarType = route({
  method: 'PUT', path: '/cartypes/{id}', operationId: 'updateCarType', area: 'catalog', auth: ['admin'],
  summary: 'Replace a car type\'s fields (spec editCarType Update) if `version` is still current; 409 otherwise',
  params: CarTypeIdParams,
  body: z.strictObject({ version: z.number().check(z.int(), z.nonnegative()), carType: CarTypeFields }),
  response: CarType,
});

export const deleteCarType = route({
  method: 'DELETE', path: '/cartypes/{id}', operationId: 'deleteCarType', area: 'catalog', auth: ['admin'],
  summary: 'Delete a car type (spec editCarType Delete); with `version`, only if still current',
  params: CarTypeIdParams,
  query: z.strictObject({ version: z.optional(z.coerce.number().check(z.int(), z.nonnegative())) }),
  response: z.object({ deleted: z.literal(true) }),
});

export const createCarTypeImageUploadUrl = route({
  method: 'POST', path: '/cartypes/image-upload-url', operationId: 'createCarTypeImageUploadUrl', area: 'catalog', auth: ['admin'],
  summary: 'Presigned upload of a car type image; send the returned key as `image` on add or update',
  body: ImageUpload,
  response: UploadTicket,
});

/** Spec §3 Cancellation reason: a label and its numeric index. */
export const CancelReason = z.object({ label: z.string(), value: z.number().check(z.int(), z.nonnegative()) });
export type CancelReason = z.infer<typeof CancelReason>;

/**
 * The list carries a version that every change bumps: a change made from a stale list (whose
 * values may have been renumbered since) is refused with 409 instead of hitting the wrong reason.
 */
export const CancelReasonList = z.object({ items: z.array(CancelReason), version: z.number().check(z.int(), z.nonnegative()) });
export type CancelReasonList = z.infer<typeof CancelReasonList>;

export const MAX_CANCEL_REASONS = 90;
const CancelReasonLabel = cleanText(120, { required: true });
const ListVersion = z.number().check(z.int(), z.nonnegative());
const ReasonValue = z.object({ value: z.coerce.number().check(z.int(), z.nonnegative(), z.lte(MAX_CANCEL_REASONS)) });

export const fetchCancelReasons = route({
  method: 'GET', path: '/cancelreasons', operationId: 'fetchCancelReasons', area: 'catalog', auth: ROLES,
  summary: 'The cancellation reasons in value order, with the list version',
  response: CancelReasonList,
});

export const addCancelReason = route({
  method: 'POST', path: '/cancelreasons', operationId: 'addCancelReason', area: 'catalog', auth: ['admin'],
  summary: 'Append a cancellation reason (spec editCancellationReason); needs critical edits',
  body: z.strictObject({ label: CancelReasonLabel, version: ListVersion }), status: 201,
  response: CancelReasonList,
});

export const updateCancelReason = route({
  method: 'PUT', path: '/cancelreasons/{value}', operationId: 'updateCancelReason', area: 'catalog', auth: ['admin'],
  summary: 'Change the label of a cancellation reason; needs critical edits',
  params: ReasonValue,
  body: z.strictObject({ label: CancelReasonLabel, version: ListVersion }),
  response: CancelReasonList,
});

export const deleteCancelReason = route({
  method: 'DELETE', path: '/cancelreasons/{value}', operationId: 'deleteCancelReason', area: 'catalog', auth: ['admin'],
  summary: 'Delete a cancellation reason and renumber the rest 0..n-1 in one transaction; needs critical edits',
  params: ReasonValue,
  query: z.strictObject({ version: z.coerce.number().check(z.int(), z.nonnegative()) }),
  response: CancelReasonList,
});
