import type { PaymentView } from '../../../shared/src/contract/payments';
import { notFound } from '../../../shared/src/domain/errors';
import { toDecimal } from '../../../shared/src/domain/money';
import type { PaymentStore } from '../ports/payments';
import type { Account } from './admit-caller';

/** The page a provider returns the browser to asks how the payment went: its owner, or an admin. */
export async function fetchPayment(deps: { payments: PaymentStore }, account: Account, orderId: string): Promise<PaymentView> {
  const s = await deps.payments.get(orderId);
  if (!s || (s.uid !== account.profile.id && account.profile.usertype !== 'admin')) throw notFound();
  return {
    orderId: s.orderId, kind: s.kind, status: s.status, provider: s.provider as PaymentView['provider'],
    amount: toDecimal(s.amount), currency: s.currency, createdAt: s.createdAt,
    ...(s.bookingId ? { bookingId: s.bookingId } : {}),
    ...(s.settledAt ? { settledAt: s.settledAt } : {}),
  };
}
