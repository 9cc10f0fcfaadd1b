import * as z from './zod';
import { WALLET_ENTRY_TYPES, WALLET_REASONS } from '../domain/wallet-ledger';
import { Money, moneyInput, page, PageQuery } from './common';
import { route } from './route';

/**
 * The wallet's routes (spec §3, §5, §6; the users area's handlers), apart from the trips' own: a
 * function builds the schemas of every contract module it imports when it loads.
 */

/** Spec §3 Wallet history entry; amount in decimals. */
export const WalletEntry = z.object({
  type: z.enum(WALLET_ENTRY_TYPES),
  amount: Money,
  /** ms */
  date: z.number(),
  txRef: z.string(),
  reason: z.enum(WALLET_REASONS),
  bookingId: z.optional(z.string()),
});
export type WalletEntry = z.infer<typeof WalletEntry>;

export const fetchWallet = route({
  method: 'GET', path: '/me/wallet', operationId: 'fetchWallet', area: 'users', auth: ['rider', 'driver'],
  summary: 'The signed-in user\'s balance (may be negative for a driver holding cash owed to the platform) and history, newest first',
  query: z.strictObject(PageQuery.shape),
  response: z.extend(page(WalletEntry), { balance: z.number() }),
});

/** Spec §5 Add to wallet: an amount above 0 (blank is 0, so refused), else no_details_error; parsed by the strict money rule. */
const WalletAmount = moneyInput({ key: 'no_details_error', positive: true });

export const addToWallet = route({
  method: 'POST', path: '/wallets/{uid}/credits', operationId: 'addToWallet', area: 'users', auth: ['admin'],
  summary: 'Spec §6: an admin credits a rider\'s or driver\'s wallet (a Credit entry, reference AdminCredit); an amount above 0 with at most two decimals, else no_details_error. Idempotent (Idempotency-Key header): the same request again answers the first answer; the key with another request is 422 idempotency_key_reused (a retried click credits once)',
  idempotent: true,
  params: z.object({ uid: z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9-]+$/)) }),
  body: z.strictObject({ amount: WalletAmount }),
  response: z.object({ uid: z.string(), credited: Money, balance: z.number(), message: z.literal('wallet_updated') }),
});
