import { api, DEMO, idToken } from './endpoints';

/** The whole settings form as the admin reads it, with its version. */
export async function readSettings(): Promise<{ version: number; settings: Record<string, unknown> }> {
  const res = await api('GET', '/settings/all', { token: await idToken(DEMO.admin) });
  if (res.status !== 200) throw new Error(`fetchAllSettings: ${res.status} ${JSON.stringify(res.body)}`);
  const { version, ...settings } = res.body;
  return { version, settings };
}

/** Saves settings through editSettings, changing only the given fields. */
export async function saveSettings(change: Record<string, unknown>) {
  const { version, settings } = await readSettings();
  return api('PUT', '/settings', { token: await idToken(DEMO.admin), body: { version, settings: { ...settings, ...change } } });
}

/**
 * Runs `fn` in demo mode (AllowCriticalEditsAdmin off) and switches critical edits back on after,
 * whatever happens, so later test files find the settings as they were.
 */
export async function inDemoMode<T>(fn: () => Promise<T>): Promise<T> {
  const off = await saveSettings({ AllowCriticalEditsAdmin: false });
  if (off.status !== 200) throw new Error(`could not enter demo mode: ${off.status} ${JSON.stringify(off.body)}`);
  try {
    return await fn();
  } finally {
    const on = await saveSettings({ AllowCriticalEditsAdmin: true });
    if (on.status !== 200) throw new Error(`could not leave demo mode: ${on.status} ${JSON.stringify(on.body)}`);
  }
}

/** The operator's time zone as every client reads it (public settings): the days the aggregates file trips under. */
export async function operatorTimeZone(): Promise<string> {
  const res = await api('GET', '/settings');
  if (res.status !== 200 || typeof res.body.timeZone !== 'string') throw new Error(`fetchSettings: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.timeZone;
}

/** Runs `fn` with some settings changed, and puts them back whatever happens, so later files find the demo's. */
export async function withSettings<T>(change: Record<string, unknown>, fn: () => Promise<T>): Promise<T> {
  const before = (await readSettings()).settings;
  const res = await saveSettings(change);
  if (res.status !== 200) throw new Error(`could not change the settings: ${res.status} ${JSON.stringify(res.body)}`);
  try {
    return await fn();
  } finally {
    const back = await saveSettings(Object.fromEntries(Object.keys(change).map((k) => [k, before[k]])));
    if (back.status !== 200) throw new Error(`could not restore the settings: ${back.status} ${JSON.stringify(back.body)}`);
  }
}
