import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActiveDriver } from '../../../../shared/src/contract/dashboard';
import type { DriverPosition } from '../../../../shared/src/contract/ws';
import { useApi } from '../../api/api-context';
import { useTopic } from '../../live/use-topic';

/** The roster is read again this often: it drops drivers whose phones went quiet without a word. */
const ROSTER_EVERY_MS = 60_000;
/** Unknown drivers in a batch (someone just came online) wait this long for one roster read. */
const NEWCOMER_DELAY_MS = 1_000;

/**
 * The active drivers of the viewer's scope (admins: all; a fleet admin: its own, spec §6): read
 * once from the roster, then moved by the batches of positions the server sends on `topic`
 * (at most one per ~2 s), so a thousand moving cars cost one message per batch, not one per ping.
 */
export function useLiveDrivers(topic: string, enabled: boolean) {
  const api = useApi();
  const [drivers, setDrivers] = useState<ActiveDriver[]>([]);
  const [error, setError] = useState<unknown>(null);
  const known = useRef(new Map<string, ActiveDriver>());
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const publish = useCallback(() => setDrivers([...known.current.values()]), []);

  const readRoster = useCallback(async () => {
    try {
      const out = await api.fetchActiveDrivers();
      known.current = new Map(out.items.map((d) => [d.uid, d]));
      setError(null);
      publish();
    } catch (e) {
      setError(e);
    }
  }, [api, publish]);

  useEffect(() => {
    if (!enabled) return undefined;
    void readRoster();
    const timer = setInterval(() => void readRoster(), ROSTER_EVERY_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(pending.current);
    };
  }, [enabled, readRoster]);

  const onBatch = useCallback((data?: Record<string, unknown>) => {
    // No data: the socket came back and batches were missed, so the roster is read again.
    if (!data) {
      void readRoster();
      return;
    }
    const moved = (data.drivers ?? []) as DriverPosition[];
    const gone = (data.gone ?? []) as string[];
    let newcomers = false;
    for (const p of moved) {
      const d = known.current.get(p.uid);
      if (!d) {
        newcomers = true;
        continue;
      }
      known.current.set(p.uid, { ...d, lat: p.lat, lng: p.lng, at: p.at, status: p.status });
    }
    for (const uid of gone) known.current.delete(uid);
    publish();
    if (newcomers && !pending.current) {
      pending.current = setTimeout(() => {
        pending.current = undefined;
        void readRoster();
      }, NEWCOMER_DELAY_MS);
    }
  }, [publish, readRoster]);

  useTopic(topic, onBatch, enabled);
  return { drivers, error, reload: readRoster };
}
