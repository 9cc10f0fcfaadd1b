import * as z from './zod';
import { cleanText, Id, Money, moneyInput } from './common';
import { route } from './route';

export const PromoDiscountType = z.enum(['flat', 'percentage']);

/** Spec §3 Promo. `user_avail` counts uses; only the booking and payment work changes it. */
export const Promo = z.object({
  id: Id,
  promo_name: z.string(),
  promo_description: z.string(),
  promo_discount_type: PromoDiscountType,
  promo_discount_value: z.number().check(z.nonnegative()),
  max_promo_discount_value: Money,
  min_order: Money,
  /** Last day the promo can be used, YYYY-MM-DD. */
  promo_validity: z.string(),
  promo_usage_limit: z.number().check(z.int(), z.nonnegative()),
  user_avail: z.number().check(z.int(), z.nonnegative()),
  createdAt: z.string(),
  version: z.number().check(z.int()),
});
export type Promo = z.infer<typeof Promo>;

/** A calendar date that exists: 2024-02-30 is refused. */
export const CalendarDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'promo_validity must be a date YYYY-MM-DD'), z.refine((d) => {
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}, 'promo_validity must be a real calendar date'));

/**
 * What an admin may set (spec §3 Promo). `user_avail`, id, createdAt and version are the server's;
 * unknown fields are refused. A percentage discount is at most 100.
 */
export const PromoFields = z.strictObject({
  promo_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]+$/, 'promo_name is one word of letters, digits, _ or -')),
  promo_description: z._default(cleanText(300), ''),
  promo_discount_type: PromoDiscountType,
  promo_discount_value: moneyInput(),
  max_promo_discount_value: moneyInput(),
  min_order: moneyInput(),
  promo_validity: CalendarDate,
  promo_usage_limit: z.number().check(z.int(), z.gte(1), z.lte(1_000_000)),
}).check(z.superRefine((p, ctx) => {
  if (p.promo_discount_type === 'percentage' && p.promo_discount_value > 100) {
    ctx.addIssue({ code: 'custom', path: ['promo_discount_value'], message: 'A percentage discount must be at most 100' });
  }
}));
export type PromoFields = z.infer<typeof PromoFields>;

const PromoIdParams = z.object({ id: Id });

export const fetchPromos = route({
  method: 'GET', path: '/promos', operationId: 'fetchPromos', area: 'promos', auth: ['admin'],
  summary: 'Every promo, newest first',
  response: z.object({ items: z.array(Promo) }),
});

export const addPromo = route({
  method: 'POST', path: '/promos', operationId: 'addPromo', area: 'promos', auth: ['admin'],
  summary: 'Add a promo (spec editPromo Add); the name is unique; refused in demo mode',
  body: PromoFields, status: 201,
  response: Promo,
});

export const updatePromo = route({
  method: 'PUT', path: '/promos/{id}', operationId: 'updatePromo', area: 'promos', auth: ['admin'],
  summary: 'Replace a promo\'s fields (spec editPromo Update) if `version` is still current; refused in demo mode',
  params: PromoIdParams,
  body: z.strictObject({ version: z.number().check(z.int(), z.nonnegative()), promo: PromoFields }),
  response: Promo,
});

export const deletePromo = route({
  method: 'DELETE', path: '/promos/{id}', operationId: 'deletePromo', area: 'promos', auth: ['admin'],
  summary: 'Delete a promo (spec editPromo Delete); refused in demo mode',
  params: PromoIdParams,
  query: z.strictObject({ version: z.optional(z.coerce.number().check(z.int(), z.nonnegative())) }),
  response: z.object({ deleted: z.literal(true) }),
});
