import type { LanguagePack } from '../../../shared/src/contract/settings';
import type { SettingsStore } from '../ports/settings';

/** Packs in their stored order; the first is the default (spec §1), whatever the flags say. */
export async function getLanguages(deps: { settings: SettingsStore }): Promise<{ items: LanguagePack[] }> {
  const packs = await deps.settings.listLanguages();
  return { items: packs.map((p, i) => ({ ...p, isDefault: i === 0 })) };
}
