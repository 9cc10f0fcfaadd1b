import { PublicSettings } from '../../../shared/src/contract/settings';
import { DomainError } from '../../../shared/src/domain/errors';
import { operatorZone } from '../../../shared/src/domain/time-zone';
import type { SettingsStore } from '../ports/settings';

/** The public subset only: the schema's parse drops licence, bonus and security switches. */
export async function fetchSettings(deps: { settings: SettingsStore }): Promise<PublicSettings> {
  const app = await deps.settings.getApp();
  if (!app) throw new DomainError('settings_error', 503);
  // Every client reads days and Book Later times in this zone, so it is always named.
  return PublicSettings.parse({ ...app, timeZone: operatorZone(app) });
}
