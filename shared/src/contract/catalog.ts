import { z } from 'zod';
import { Id, Money } from './common';
import { route } from './route';

export const FeeType = z.enum(['flat', 'percent', 'percentage']);
export const PricedItem = z.object({ description: z.string().min(1).max(120), amount: Money });
export const CancelSlabRow = z.object({ minsDelayed: z.number().int().nonnegative(), amount: Money });

export const CarType = z.object({
  id: Id,
  name: z.string().min(1).max(60),
  image: z.string().max(2048).optional(),
  base_fare: Money,
  rate_per_unit_distance: Money,
  rate_per_hour: Money,
  min_fare: Money,
  convenience_fees: z.number().nonnegative(),
  convenience_fee_type: FeeType,
  extra_info: z.string().max(500).optional(),
  createdAt: z.string(),
  parcelTypes: z.array(PricedItem),
  options: z.array(PricedItem),
  cancelSlab: z.array(CancelSlabRow),
  version: z.number().int(),
});
export type CarType = z.infer<typeof CarType>;

export const fetchCarTypes = route({
  method: 'GET', path: '/cartypes', operationId: 'fetchCarTypes', area: 'catalog', auth: 'public',
  summary: 'Every car type with its prices, parcel types, options and cancellation slab',
  response: z.object({ items: z.array(CarType) }),
});
