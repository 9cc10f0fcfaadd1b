import { useCallback, useState } from 'react';

/**
 * An object remembered in localStorage (table preferences and the like). Stored values are merged
 * over `initial` so a preference added later gets its default. Falls back to memory only, and
 * a null `key` keeps the value in memory from the start (a caller that stores nothing).
 */
export function useLocalStorage<T extends object>(key: string | null, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    if (key === null) return initial;
    try {
      const stored = localStorage.getItem(key);
      return stored === null ? initial : { ...initial, ...(JSON.parse(stored) as T) };
    } catch {
      return initial;
    }
  });
  const save = useCallback(
    (next: T) => {
      setValue(next);
      if (key === null) return;
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or disabled: keep the choice for this visit only.
      }
    },
    [key],
  );
  return [value, save];
}
