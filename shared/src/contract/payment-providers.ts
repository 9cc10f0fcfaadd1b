import * as z from './zod';

/**
 * Spec §3 Payment provider names, apart from the settings routes (settings.ts re-exports them):
 * the payment functions read a provider's name, and a function builds the schemas of every
 * contract module it imports when it loads.
 */
/** Spec §3 Payment provider names. */
export const PROVIDER_NAMES = [
  'paypal', 'braintree', 'stripe', 'paytm', 'payulatam', 'flutterwave',
  'paystack', 'securepay', 'payfast', 'liqpay', 'culqi', 'mercadopago',
] as const;
export const ProviderName = z.enum(PROVIDER_NAMES);
export const PaymentProvider = z.object({ name: ProviderName, link: z.string() });
export type PaymentProvider = z.infer<typeof PaymentProvider>;
