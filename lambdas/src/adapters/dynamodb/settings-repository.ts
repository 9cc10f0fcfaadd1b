import type { LanguagePack } from '../../../../shared/src/contract/settings';
import type { AppSettings } from '../../ports/settings';
import { keys } from './keys';
import { stripKeys, table } from './repository';

type LanguageItem = LanguagePack & { order: number };

export const settingsRepository = {
  async getApp(): Promise<AppSettings | undefined> {
    const item = await table.get<AppSettings & { pk: string; sk: string }>(keys.appSettings());
    return item ? (stripKeys(item) as AppSettings) : undefined;
  },

  async getAppConsistent(): Promise<AppSettings | undefined> {
    const item = await table.get<AppSettings & { pk: string; sk: string }>(keys.appSettings(), { consistent: true });
    return item ? (stripKeys(item) as AppSettings) : undefined;
  },

  async putApp(settings: AppSettings): Promise<void> {
    await table.put({ ...keys.appSettings(), ...settings });
  },

  /** The whole item, replaced only if nobody saved since `expectedVersion` was read. */
  async saveApp(next: AppSettings, expectedVersion: number): Promise<void> {
    await table.put({ ...keys.appSettings(), ...next }, {
      condition: 'attribute_exists(pk) AND #version = :version',
      names: { '#version': 'version' },
      values: { ':version': expectedVersion },
    });
  },

  async listLanguages(): Promise<LanguagePack[]> {
    const items = await table.beginsWith<LanguageItem & { pk: string; sk: string }>(keys.settingsPk, keys.languagePrefix);
    return items
      .sort((a, b) => a.order - b.order)
      .map(({ code, name, isDefault, translations }) => ({ code, name, isDefault, translations }));
  },

  async putLanguage(pack: LanguagePack, order: number): Promise<void> {
    await table.put({ ...keys.language(pack.code), ...pack, order });
  },
};
