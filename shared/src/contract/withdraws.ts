import * as z from './zod';
import { cleanText, Id, Money, moneyInput, PageQuery, page } from './common';
import { route } from './route';
import { MAX_WITHDRAW_MINOR } from '../domain/withdraw-rules';

/** Spec §3 Withdraw: a driver's request to be paid out of their wallet. Dates are ms. */
export const Withdraw = z.object({
  id: Id,
  /** The driver. */
  uid: z.string(),
  /** The driver's name when they asked. */
  name: z.string(),
  amount: Money,
  date: z.number(),
  bankName: z.optional(z.string()),
  bankCode: z.optional(z.string()),
  bankAccount: z.optional(z.string()),
  processed: z.boolean(),
  /** When an admin processed it (spec spelling). */
  procesDate: z.optional(z.number()),
});
export type Withdraw = z.infer<typeof Withdraw>;

/** As typed: a number or decimal text, above 0 with at most two decimals (the strict money rule), else no_details_error. */
const WithdrawAmount = moneyInput({ key: 'no_details_error', positive: true, maxMinor: MAX_WITHDRAW_MINOR });
const BankText = (max: number) => z.optional(cleanText(max));

export const RequestWithdrawBody = z.strictObject({
  amount: WithdrawAmount,
  bankName: BankText(100),
  bankCode: BankText(40),
  bankAccount: BankText(40),
});
export type RequestWithdrawBody = z.infer<typeof RequestWithdrawBody>;

export const requestWithdraw = route({
  method: 'POST', path: '/withdraws', operationId: 'requestWithdraw', area: 'withdraws', auth: ['driver'],
  summary: 'Spec §6: a driver asks to withdraw from their wallet. The amount (above 0, two decimals at most, no_details_error otherwise) is held at once: a Withdraw entry and the balance decrement in the request\'s own transaction, refused with withdraw_exceeds_balance when the balance does not cover it. While settings bank_fields is on, bankName, bankCode and bankAccount are required (from the body or the driver\'s profile). Idempotent (Idempotency-Key header): the same request again answers the first answer; the key with another request is 422 idempotency_key_reused',
  body: RequestWithdrawBody, status: 201, idempotent: true,
  response: z.extend(Withdraw, { balance: z.number() }),
});

export const WithdrawsQuery = z.extend(z.strictObject(PageQuery.shape), {
  processed: z.optional(z.enum(['true', 'false'])),
});

export const fetchWithdraws = route({
  method: 'GET', path: '/withdraws', operationId: 'fetchWithdraws', area: 'withdraws', auth: ['admin', 'driver'],
  summary: 'Withdraw requests, newest first: every driver\'s for an admin, a driver\'s own for a driver; `processed` filters',
  query: WithdrawsQuery,
  response: page(Withdraw),
});

export const completeWithdraw = route({
  method: 'POST', path: '/withdraws/{id}/complete', operationId: 'completeWithdraw', area: 'withdraws', auth: ['admin'],
  summary: 'Spec §4 Withdraw: an admin marks a request processed (false to true, with procesDate) exactly once; a second call is 409 withdraw_already_processed and changes nothing. The driver is told',
  params: z.object({ id: Id }),
  response: Withdraw,
});
