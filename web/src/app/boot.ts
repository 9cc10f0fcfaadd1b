import type { PublicSettings } from '../../../shared/src/contract';
import { createApiClient, type ApiClient } from '../api/client';
import { configureAuth } from '../auth/configure-auth';
import { getIdToken } from '../auth/session';
import { loadConfig, type RuntimeConfig } from '../config/load-config';
import { setUpLanguages, type LanguageSetup } from '../i18n/language-packs';

export interface BootResult {
  config: RuntimeConfig;
  api: ApiClient;
  settings: PublicSettings;
  languages: LanguageSetup;
}

/** A start-up failure with the translation key of what to tell the visitor. */
export class BootError extends Error {
  override name = 'BootError';
  constructor(
    readonly messageKey: 'config_load_failed' | 'settings_error',
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * config.json, then the auth settings (Amplify itself loads on first use: configure-auth) and the
 * typed client, then settings and language packs in parallel.
 * Languages never fail the start (bundled English takes over); settings do, since the app name,
 * mode and currency are needed on every screen.
 */
export async function boot(): Promise<BootResult> {
  const config = await loadConfig().catch((e: unknown) => {
    throw new BootError('config_load_failed', e);
  });
  configureAuth(config);
  const api = createApiClient({ baseUrl: config.apiUrl, getToken: getIdToken });
  const [settings, languages] = await Promise.all([
    api.fetchSettings().catch((e: unknown) => {
      throw new BootError('settings_error', e);
    }),
    setUpLanguages(api),
  ]);
  return { config, api, settings, languages };
}
