import * as z from './zod';
import { MAX_MONEY_MINOR, MONEY_TEXT, parseMoney, type MoneyRule } from '../domain/money';
import { cleanLine, cleanLines } from '../domain/text';

/** Decimal money at the API edge: at most two decimals (spec §9), never negative. */
export const Money = z.number().check(z.nonnegative(), z.multipleOf(0.01));
export const Id = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));
export const IsoDate = z.string().check(z.iso.datetime({ offset: true }));
/** A priced line of a car type (a parcel type, an option), as a booking keeps it too. */
export const PricedItem = z.object({ description: z.string().check(z.minLength(1), z.maxLength(120)), amount: Money });
/** A zone fee on an estimate or a booking: its own line of the fare (money in decimals). */
export const ZoneFee = z.object({ label: z.string(), amount: Money });
export const LatLng = z.object({ lat: z.number().check(z.gte(-90), z.lte(90)), lng: z.number().check(z.gte(-180), z.lte(180)) });

/** Cursor pagination shared by every list: `next` is opaque and goes back as `cursor`. */
export const PageQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2048))),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
});
export const page = <T extends z.ZodMiniType>(item: T) => z.object({ items: z.array(item), next: z.optional(z.string()) });

/** What a money input refuses with (its form's key) and the bounds it keeps. */
export interface MoneyInputMeta {
  key: string;
  positive: boolean;
  maxMinor: number;
}

/**
 * Every money input of the contract, with its key: the route fuzzer generates valid amounts from
 * it and the bad-amount suite finds every money field of every route through it.
 */
export const moneyInputs = z.registry<MoneyInputMeta>();

/**
 * A money input (spec §9, domain `parseMoney`): a JSON number or decimal text, as a form sends it.
 * Anything the strict rule refuses is answered with `key` (the form's spec §8 key, else
 * validation_error); what the handler gets is the exact two-decimal number.
 */
export function moneyInput(options: MoneyRule & { key?: string } = {}) {
  const meta: MoneyInputMeta = { key: options.key ?? 'validation_error', positive: !!options.positive, maxMinor: options.maxMinor ?? MAX_MONEY_MINOR };
  const rule: MoneyRule = { positive: meta.positive, maxMinor: meta.maxMinor };
  const text = `An amount of money: digits, one point and at most two decimals (${MONEY_TEXT.source}), ${meta.positive ? 'above 0' : '0 or more'}, at most ${meta.maxMinor / 100}`;
  // A key travels as the issue's message, which the handler turns into the answer's code.
  const message = meta.key === 'validation_error' ? text : meta.key;
  const checked = z.union([z.number(), z.string()]).check(z.superRefine((value, ctx) => {
    const parsed = parseMoney(value, rule);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message, params: { reason: parsed.reason } });
  }));
  const schema = z.pipe(checked, z.transform((value) => {
    const parsed = parseMoney(value, rule);
    return parsed.ok ? parsed.minor / 100 : Number.NaN;
  })).check(z.describe(text));
  moneyInputs.add(schema, meta);
  return schema;
}

/**
 * Free text a person typed (names, labels, titles, addresses, messages). Control characters are
 * never stored: line breaks become spaces (kept only where `multiline`: chat and notification
 * bodies), every other C0/C1 character is removed; the ends are trimmed; text with nothing visible
 * (zero-width, format or space characters only) becomes empty. `required` refuses empty text
 * (validation_error); otherwise the use case judges blank with its own key (proper_input_name,
 * deliveryDetailMissing, no_details_error). `max` counts the cleaned text.
 */
export function cleanText(max: number, options: { required?: boolean; multiline?: boolean } = {}) {
  const s = z.string().check(z.overwrite(options.multiline ? cleanLines : cleanLine), z.maxLength(max));
  const schema = options.required ? s.check(z.refine((v) => v.length > 0, 'Must contain visible text')) : s;
  freeTexts.add(schema, { multiline: !!options.multiline, required: !!options.required });
  return schema;
}

/** Every free-text input of the contract (built by `cleanText`), so a test can check none is left raw. */
export const freeTexts = z.registry<{ multiline: boolean; required: boolean }>();
