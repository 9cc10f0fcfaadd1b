import { useSyncExternalStore } from 'react';

/** Spec §9 breakpoints: 576, 768, 992, 1200. */
export const SMALL_SCREEN = '(max-width: 767.98px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True once the window has scrolled past `threshold` px (spec §9: the header changes at 400). */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('scroll', notify, { passive: true });
      return () => window.removeEventListener('scroll', notify);
    },
    () => window.scrollY > threshold,
    () => false,
  );
}
