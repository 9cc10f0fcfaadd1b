import type { PaymentProvider } from '../../../shared/src/contract/settings';

/** Spec §3 Payment provider, as stored: the deployer enables the ones with accounts. */
export type ProviderItem = PaymentProvider & { enabled: boolean };

export interface ProviderStore {
  list(): Promise<ProviderItem[]>;
  put(provider: ProviderItem): Promise<void>;
}
