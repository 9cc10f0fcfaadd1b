import type { PaymentConfirmation, PaymentKind, PaymentStatus } from '../../../shared/src/domain/payments';
import type { WalletMovement } from '../../../shared/src/domain/wallet-ledger';
import type { OutgoingMessage } from './notifier';
import type { ProviderItem } from './providers';

/** A checkout the platform started: what a confirmation must match (minor units). */
export interface PaymentSession {
  orderId: string;
  kind: PaymentKind;
  /** Who pays: the rider of the booking, or the wallet's owner. */
  uid: string;
  bookingId?: string;
  provider: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  createdAt: number;
  /** ms; after this the checkout is no longer offered; a late confirmation is still honoured. */
  payableUntil: number;
  settledAt?: number;
  providerRef?: string;
}

export interface PaymentStore {
  create(session: PaymentSession): Promise<void>;
  get(orderId: string): Promise<PaymentSession | undefined>;
  /**
   * Closes an OPEN session and moves its money (a top-up, or a payment the booking no longer
   * wanted) in one transaction; false when the session was no longer OPEN (nothing moved).
   */
  settle(session: PaymentSession, outcome: { status: Exclude<PaymentStatus, 'OPEN'>; providerRef: string; at: number }, movements: WalletMovement[], messages: OutgoingMessage[]): Promise<boolean>;
}

/** The form the browser sends to the provider (spec §4), or the provider's own hosted page. */
export interface CheckoutRedirect {
  link: string;
  method: 'POST' | 'GET';
  fields: Record<string, string>;
}

export interface GatewayCheckout {
  session: PaymentSession;
  provider: ProviderItem;
  fields: Record<string, string>;
  productName: string;
  customerEmail: string;
  /** Absolute site origin for providers that send the browser back themselves. */
  returnBase?: string;
}

/** One way money comes in: the test gateway or a real provider's adapter. */
export interface PaymentGateway {
  checkout(input: GatewayCheckout): Promise<CheckoutRedirect>;
  /**
   * Verifies a confirmation over its exact bytes; throws DomainError invalid_signature when it is
   * not the provider's. `undefined` for a genuine event that says nothing about a payment.
   */
  verify(rawBody: string, headers: Record<string, string | undefined>, now: number): Promise<PaymentConfirmation | undefined>;
}

/** Which gateway plays a provider in this deployment, if any. */
export type GatewayDirectory = (provider: string) => PaymentGateway | undefined;

/** The test gateway's own records (it is a separate party: it never reads the platform's sessions). */
export interface GatewayPaymentRecord {
  id: string;
  provider: string;
  status: 'open' | 'approved' | 'declined';
  order_id: string;
  amount: string;
  currency: string;
  product_name: string;
  customer: string;
  email: string;
  createdAt: number;
  decidedAt?: number;
}

export interface GatewayPaymentStore {
  create(p: GatewayPaymentRecord): Promise<void>;
  get(id: string): Promise<GatewayPaymentRecord | undefined>;
  /** open → approved/declined once; false when it was already decided. */
  decide(id: string, status: 'approved' | 'declined', at: number): Promise<boolean>;
}

/** Named secrets: the test gateway's signing key, the Stripe keys. */
export interface SecretSource {
  get(name: 'testGateway' | 'stripe' | 'webPush'): Promise<string | undefined>;
}
