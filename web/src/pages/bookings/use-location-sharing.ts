import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { isNetworkFailure, PingQueue } from '../../features/driver-app/ping-queue';

/** At most one location ping per this many ms (each ping is a write on the server). */
export const SEND_EVERY_MS = 5000;

export interface LocationSharing {
  /** idle: not sharing; waiting: no position yet; unavailable: no geolocation or permission refused. */
  state: 'idle' | 'waiting' | 'sharing' | 'unavailable';
  /** Server time of the last accepted ping (ms). */
  lastSentAt?: number;
  /** The last failed ping, if the newest one failed. */
  error?: unknown;
  /** Why sharing stopped: the permission was refused, or the device has no position source. */
  reason?: 'denied' | 'unavailable';
  /** Pings kept while the network is down (sent when it returns, stale ones dropped). */
  queued?: number;
}

type Body = Parameters<ApiClient['updateDriverLocation']>[0]['body'];

/** The contract's ranges: a phone's odd readings (NaN heading at rest, huge accuracy) are left out. */
function toBody(position: GeolocationPosition): Body {
  const { latitude: lat, longitude: lng, accuracy, heading, speed } = position.coords;
  return {
    lat,
    lng,
    ...(Number.isFinite(accuracy) && accuracy >= 0 && accuracy <= 100_000 ? { accuracy } : {}),
    ...(heading !== null && Number.isFinite(heading) && heading >= 0 && heading <= 360 ? { heading } : {}),
    ...(speed !== null && Number.isFinite(speed) && speed >= 0 && speed <= 200 ? { speed } : {}),
  };
}

/**
 * While `enabled`, follows the browser's position and sends it to the server, at most every
 * 5 s: a newer position that arrives sooner waits for the rest of the 5 s and then goes out, so
 * the last one is never lost. Stops watching when disabled or unmounted.
 */
export function useLocationSharing(api: ApiClient, enabled: boolean): LocationSharing {
  const [status, setStatus] = useState<LocationSharing>({ state: 'idle' });
  const lastSent = useRef(0);

  useEffect(() => {
    if (!enabled) {
      setStatus((s) => ({ state: 'idle', lastSentAt: s.lastSentAt }));
      return undefined;
    }
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setStatus({ state: 'unavailable' });
      return undefined;
    }
    let stopped = false;
    let pending: GeolocationPosition | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setStatus((s) => ({ state: 'waiting', lastSentAt: s.lastSentAt }));
    const queue = new PingQueue<Body>();

    const post = (body: Body, takenAt: number) => api.updateDriverLocation({ body }).then(
      (res) => {
        if (!stopped) setStatus({ state: 'sharing', lastSentAt: res.at, queued: queue.size });
      },
      (error: unknown) => {
        if (isNetworkFailure(error)) queue.push(body, takenAt);
        if (!stopped) setStatus((s) => ({ state: 'sharing', lastSentAt: s.lastSentAt, error, queued: queue.size }));
      },
    );
    // Back online: what was kept goes out in order, the newest last.
    const flush = () => {
      void queue.take(Date.now()).reduce((chain, p) => chain.then(() => post(p.body, p.takenAt)), Promise.resolve());
    };
    window.addEventListener('online', flush);

    const send = () => {
      timer = undefined;
      const position = pending;
      pending = undefined;
      if (!position || stopped) return;
      lastSent.current = Date.now();
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        queue.push(toBody(position), position.timestamp);
        setStatus((s) => ({ ...s, state: 'sharing', queued: queue.size }));
        return;
      }
      void post(toBody(position), position.timestamp);
    };

    const watch = navigator.geolocation.watchPosition(
      (position) => {
        pending = position;
        if (timer !== undefined) return;
        const wait = lastSent.current + SEND_EVERY_MS - Date.now();
        if (wait <= 0) send();
        else timer = setTimeout(send, wait);
      },
      (error) => {
        // A timeout only means no fix yet; a refusal or no position source means no sharing.
        if (error.code !== error.TIMEOUT && !stopped) {
          setStatus((s) => ({ state: 'unavailable', lastSentAt: s.lastSentAt, reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }));
        }
      },
      { enableHighAccuracy: true, maximumAge: SEND_EVERY_MS, timeout: 30_000 },
    );
    return () => {
      stopped = true;
      window.removeEventListener('online', flush);
      navigator.geolocation.clearWatch(watch);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [api, enabled]);

  return status;
}
