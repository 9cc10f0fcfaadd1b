import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PublicSettings } from '../../../shared/src/contract';
import { useApi } from '../api/api-context';

interface SettingsContextValue {
  settings: PublicSettings;
  /** Re-read after an admin saves the settings form. */
  reload: () => Promise<void>;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

/** Settings are fetched once at start (the app name and currency are needed on every screen). */
export function SettingsProvider({ initial, children }: { initial: PublicSettings; children: ReactNode }) {
  const api = useApi();
  const [settings, setSettings] = useState(initial);
  const reload = useCallback(async () => setSettings(await api.fetchSettings()), [api]);
  const value = useMemo(() => ({ settings, reload }), [settings, reload]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings must be used inside SettingsProvider');
  return value;
}
