import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSettings } from '../app/settings-context';
import { useAuth } from '../auth/auth-context';
import { useTopic } from './use-topic';

/**
 * Keeps the site's settings (app name, mode, currency, login switches) current: signed-in users
 * follow the `settings` topic; visitors, who cannot open the socket, re-read on navigation.
 */
export function LiveSettings() {
  const { reload } = useSettings();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const first = useRef(true);
  useTopic('settings', () => void reload().catch(() => undefined));
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!user) void reload().catch(() => undefined);
  }, [pathname, user, reload]);
  return null;
}
