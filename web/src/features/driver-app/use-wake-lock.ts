import { useEffect } from 'react';

interface WakeLockSentinel { released: boolean; release(): Promise<void> }
type WakeLockApi = { request(type: 'screen'): Promise<WakeLockSentinel> };

/**
 * Keeps the phone's screen on while `active` (a driver online: offers need an answer within
 * seconds and the map must stay in view). The browser drops the lock whenever the tab is hidden,
 * so it is asked for again each time the tab becomes visible. Without the API nothing happens.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
    if (!active || !wakeLock) return undefined;
    let sentinel: WakeLockSentinel | undefined;
    let stopped = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      wakeLock.request('screen').then((s) => {
        if (stopped) void s.release();
        else sentinel = s;
      }, () => undefined); // Refused (battery saver, no user gesture yet): the screen may sleep.
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release();
    };
  }, [active]);
}
