import { ProviderName } from '../../../../shared/src/contract/payment-providers';
import type { ProviderItem, ProviderStore } from '../../ports/providers';
import { keys } from './keys';
import { table } from './repository';

type Stored = { name?: unknown; link?: unknown; enabled?: unknown };

/** Payment providers at `SETTINGS / PROVIDER#<name>`; names outside spec §3's twelve are ignored. */
export const providerRepository: ProviderStore = {
  async list(): Promise<ProviderItem[]> {
    const items = await table.beginsWith<Stored & { pk: string; sk: string }>(keys.settingsPk, keys.providerPrefix);
    const out: ProviderItem[] = [];
    for (const i of items) {
      const name = ProviderName.safeParse(i.name);
      if (!name.success || typeof i.link !== 'string') continue;
      out.push({ name: name.data, link: i.link, enabled: i.enabled === true });
    }
    return out;
  },

  async put(provider: ProviderItem): Promise<void> {
    await table.put({ ...keys.provider(provider.name), ...provider });
  },
};
