import * as z from 'zod';

/** Decimal money at the API edge: at most two decimals (spec §9), never negative. */
export const Money = z.number().nonnegative().multipleOf(0.01);
export const Id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
export const IsoDate = z.string().datetime({ offset: true });
export const LatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** Cursor pagination shared by every list: `next` is opaque and goes back as `cursor`. */
export const PageQuery = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next: z.string().optional() });
