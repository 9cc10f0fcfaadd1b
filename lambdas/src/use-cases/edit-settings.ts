import type { AdminSettings, SettingsForm } from '../../../shared/src/contract/settings';
import { DISPATCH_BOUNDS } from '../../../shared/src/domain/dispatch';
import { mandatoryDocuments } from '../../../shared/src/domain/driver-documents';
import { conflict, DomainError } from '../../../shared/src/domain/errors';
import { validateSettings } from '../../../shared/src/domain/settings-rules';
import { assertValid } from '../../../shared/src/domain/validation-result';
import type { LicenseChecker } from '../ports/license';
import type { AppSettings, SettingsStore } from '../ports/settings';
import { checkLicense } from './check-license';

/**
 * The form over the current settings. Bonus and radius arrive checked by the contract (never
 * replaced here). The form is the whole form, so a dispatch setting it leaves out was emptied:
 * it goes back to the platform default rather than keeping the last saved value.
 */
export function settingsFromForm(form: SettingsForm, current: AppSettings): AppSettings {
  const next: AppSettings = { ...current, ...form, version: current.version };
  for (const key of Object.keys(DISPATCH_BOUNDS) as (keyof typeof DISPATCH_BOUNDS)[]) {
    if (form[key] === undefined) delete next[key];
  }
  // Driver documents: none required unless the form names some (in the rule's order, no repeats).
  if (form.mandatoryDocuments === undefined || form.mandatoryDocuments.length === 0) delete next.mandatoryDocuments;
  else next.mandatoryDocuments = mandatoryDocuments(form);
  // Delivery codes: off unless the form switches them on.
  if (form.delivery_code_secure !== true) delete next.delivery_code_secure;
  return next;
}

/** True when the only change is switching critical edits back on: the way out of demo mode. */
function onlyLeavesDemoMode(current: AppSettings, next: AppSettings): boolean {
  if (current.AllowCriticalEditsAdmin || !next.AllowCriticalEditsAdmin) return false;
  const keys = new Set([...Object.keys(current), ...Object.keys(next)]);
  for (const k of keys) {
    if (k === 'AllowCriticalEditsAdmin' || k === 'version') continue;
    if (JSON.stringify((current as Record<string, unknown>)[k]) !== JSON.stringify((next as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/**
 * Spec §5 Settings save. In demo mode (critical edits off) a save is refused with `demo_mode`,
 * except one that changes nothing but switching critical edits back on. Then the §5 rules
 * (proper_bonus, required fields), the version the form was read at (409 when another save came
 * first), and the purchase code (remote check: `wrong_code`). Success answers `updated`.
 */
export async function editSettings(
  deps: { settings: SettingsStore; license: LicenseChecker },
  input: { version: number; settings: SettingsForm },
): Promise<{ code: 'updated'; settings: AdminSettings }> {
  const current = await deps.settings.getAppConsistent();
  if (!current) throw new DomainError('settings_error', 503);
  const next = settingsFromForm(input.settings, current);
  if (!current.AllowCriticalEditsAdmin && !onlyLeavesDemoMode(current, next)) throw new DomainError('demo_mode', 403);
  assertValid(validateSettings(input.settings));
  if (current.version !== input.version) throw conflict();
  if (next.license.trim() !== '') {
    const licence = await checkLicense(deps, { reqType: 'settings', license: next.license.trim() });
    if (!licence.ok) throw new DomainError(licence.code, 400);
  }
  const saved = { ...next, version: current.version + 1 };
  await deps.settings.saveApp(saved, current.version);
  return { code: 'updated', settings: saved };
}
