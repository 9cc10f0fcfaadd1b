import * as z from 'zod';
import { Id, Money, PageQuery, page } from './common';
import { route } from './route';

/** Spec §3 Withdraw: a driver's request to be paid out of their wallet. Dates are ms. */
export const Withdraw = z.object({
  id: Id,
  /** The driver. */
  uid: z.string(),
  /** The driver's name when they asked. */
  name: z.string(),
  amount: Money,
  date: z.number(),
  bankName: z.string().optional(),
  bankCode: z.string().optional(),
  bankAccount: z.string().optional(),
  processed: z.boolean(),
  /** When an admin processed it (spec spelling). */
  procesDate: z.number().optional(),
});
export type Withdraw = z.infer<typeof Withdraw>;

/** As typed: a number, or text the server parses (plain digits, at most two decimals). */
const WithdrawAmount = z.union([z.number(), z.string().trim().max(20)]);
const BankText = (max: number) => z.string().trim().max(max).optional();

export const RequestWithdrawBody = z.object({
  amount: WithdrawAmount,
  bankName: BankText(100),
  bankCode: BankText(40),
  bankAccount: BankText(40),
}).strict();
export type RequestWithdrawBody = z.infer<typeof RequestWithdrawBody>;

export const requestWithdraw = route({
  method: 'POST', path: '/withdraws', operationId: 'requestWithdraw', area: 'withdraws', auth: ['driver'],
  summary: 'Spec §6: a driver asks to withdraw from their wallet. The amount (above 0, two decimals at most, no_details_error otherwise) is held at once: a Withdraw entry and the balance decrement in the request\'s own transaction, refused with withdraw_exceeds_balance when the balance does not cover it. While settings bank_fields is on, bankName, bankCode and bankAccount are required (from the body or the driver\'s profile). A retry with the same Idempotency-Key header answers the same request (idempotency_key_reused when it asked for something else)',
  body: RequestWithdrawBody, status: 201,
  response: Withdraw.extend({ balance: z.number() }),
});

export const WithdrawsQuery = PageQuery.extend({
  processed: z.enum(['true', 'false']).optional(),
}).strict();

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
