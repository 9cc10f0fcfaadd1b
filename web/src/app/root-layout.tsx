import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useSettings } from './settings-context';
import { TopBar } from './top-bar';

/** Spec §1: the app name from settings is the document title and the top-bar title. */
export function RootLayout() {
  const { settings } = useSettings();
  useEffect(() => {
    document.title = settings.appName;
  }, [settings.appName]);
  return (
    <>
      <TopBar />
      <Outlet />
    </>
  );
}
