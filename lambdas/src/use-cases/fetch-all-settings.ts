import type { AdminSettings } from '../../../shared/src/contract/settings';
import { DomainError } from '../../../shared/src/domain/errors';
import { operatorZone } from '../../../shared/src/domain/time-zone';
import type { SettingsStore } from '../ports/settings';

/** The whole settings item for the admin form, read strongly so its version is the current one. */
export async function fetchAllSettings(deps: { settings: SettingsStore }): Promise<AdminSettings> {
  const app = await deps.settings.getAppConsistent();
  if (!app) throw new DomainError('settings_error', 503);
  return { ...app, timeZone: operatorZone(app) };
}
