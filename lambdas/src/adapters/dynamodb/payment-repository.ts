import type { Item } from './repository';
import type { GatewayPaymentRecord, GatewayPaymentStore, PaymentSession, PaymentStore } from '../../ports/payments';
import { messageItems } from './message-items';
import { keys } from './keys';
import { stripKeys, table, type TransactItem } from './repository';
import { ledgerItems } from './wallet-repository';

/** Sessions are the record of what was paid: kept a year, like the trip's details. */
const SESSION_TTL_SECONDS = 365 * 24 * 60 * 60;
/** The test gateway forgets its payments after a day. */
const GATEWAY_TTL_SECONDS = 24 * 60 * 60;

/**
 * The update that closes an open checkout, for a transaction that also moves its money: it holds
 * only while the session is OPEN, so the same confirmation applied twice fails here and moves nothing.
 */
export function closeSessionItem(orderId: string, outcome: { status: string; providerRef: string; at: number }): TransactItem {
  return {
    Update: {
      Key: keys.payment(orderId),
      UpdateExpression: 'SET #status = :status, providerRef = :ref, settledAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND #status = :open',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': outcome.status, ':ref': outcome.providerRef, ':at': outcome.at, ':open': 'OPEN' },
    },
  };
}

export const paymentRepository: PaymentStore = {
  async create(session) {
    await table.put(
      { ...keys.payment(session.orderId), ...session, expiresAt: Math.floor(session.createdAt / 1000) + SESSION_TTL_SECONDS },
      { condition: 'attribute_not_exists(pk)' },
    );
  },

  async get(orderId) {
    const item = await table.get<Item>(keys.payment(orderId), { consistent: true });
    return item ? (stripKeys(item) as unknown as PaymentSession) : undefined;
  },

  async settle(session, outcome, movements, messages) {
    const { balances, entries } = ledgerItems(movements, outcome.at);
    const items = [closeSessionItem(session.orderId, outcome), ...balances, ...entries, ...messageItems(messages, outcome.at)];
    for (let attempt = 0; ; attempt++) {
      const out = await table.transactOrFailed(items);
      if (out.ok) return true;
      if (out.failed.length === 0 && attempt < 5) continue;
      // Only the session's own condition can fail for credits: someone else closed it first.
      return false;
    }
  },
};

export const gatewayPaymentRepository: GatewayPaymentStore = {
  async create(p) {
    await table.put({ ...keys.gatewayPayment(p.id), ...p, expiresAt: Math.floor(p.createdAt / 1000) + GATEWAY_TTL_SECONDS }, { condition: 'attribute_not_exists(pk)' });
  },

  async get(id) {
    const item = await table.get<Item>(keys.gatewayPayment(id), { consistent: true });
    return item ? (stripKeys(item) as unknown as GatewayPaymentRecord) : undefined;
  },

  async decide(id, status, at) {
    try {
      await table.update(keys.gatewayPayment(id), {
        expression: 'SET #status = :status, decidedAt = :at',
        condition: 'attribute_exists(pk) AND #status = :open',
        names: { '#status': 'status' },
        values: { ':status': status, ':at': at, ':open': 'open' },
      });
      return true;
    } catch (e) {
      if ((e as { status?: number }).status === 409) return false;
      throw e;
    }
  },
};
