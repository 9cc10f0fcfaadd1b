import { useEffect, useRef } from 'react';
import { useAuth } from '../auth/auth-context';
import { getIdToken } from '../auth/session';
import { useConfig } from '../config/config-context';
import { liveConnection } from './live-connection';

/**
 * Calls `onChange` whenever the server reports a change behind `topic` ('catalog', 'settings',
 * 'user/<uid>'), and once after a dropped connection comes back. Most events carry no data: the
 * callback re-reads by REST; tracking and chat events hand over their point or message (absent
 * after a reconnect, when the callback must re-read too). Only signed-in users can follow (the socket needs an ID token);
 * for visitors this does nothing and pages re-read on navigation.
 */
export function useTopic(topic: string, onChange: (data?: Record<string, unknown>) => void, enabled = true): void {
  const { wsUrl } = useConfig();
  const { user } = useAuth();
  const latest = useRef(onChange);
  latest.current = onChange;
  const signedIn = user !== null;

  useEffect(() => {
    if (!enabled || !signedIn) return undefined;
    const connection = liveConnection(wsUrl, getIdToken);
    return connection.follow(topic, (data) => latest.current(data));
  }, [wsUrl, topic, enabled, signedIn]);
}
