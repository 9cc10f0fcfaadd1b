import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { LiveMessages } from '../live/live-messages';
import { LiveSettings } from '../live/live-settings';
import { useSettings } from './settings-context';

/**
 * Spec §1: the app name from settings is the document title; the user's messages arrive as flashes
 * on every page. Each layout below brings its own
 * header: the public header (links, social, drawer) or the signed-in top bar.
 */
export function RootLayout() {
  const { settings } = useSettings();
  useEffect(() => {
    document.title = settings.appName;
  }, [settings.appName]);
  return (
    <>
      <LiveSettings />
      <LiveMessages />
      <Outlet />
    </>
  );
}
