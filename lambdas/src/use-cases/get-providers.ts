import type { PaymentProvider } from '../../../shared/src/contract/settings';
import { notFound } from '../../../shared/src/domain/errors';
import type { ProviderStore } from '../ports/providers';

/** Spec §7 get_providers: the enabled ones; none is an error (spec §5 Payment methods). */
export async function getProviders(deps: { providers: ProviderStore }): Promise<{ items: PaymentProvider[] }> {
  const items = (await deps.providers.list()).filter((p) => p.enabled).map(({ name, link }) => ({ name, link }));
  if (items.length === 0) throw notFound('no_provider_found');
  return { items };
}
