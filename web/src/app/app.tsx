import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ApiProvider } from '../api/api-context';
import { AuthProvider } from '../auth/auth-context';
import { ConfigProvider } from '../config/config-context';
import { CloudscapeI18n } from '../i18n/cloudscape-i18n';
import { LanguagesProvider } from '../i18n/languages-context';
import type { BootResult } from './boot';
import { NotificationsProvider, type Notice } from './notifications-context';
import { createAppRouter } from './router';
import { SettingsProvider } from './settings-context';

/** Providers in dependency order: config → API → settings/languages → notices → auth → routes. */
export function App({ config, api, settings, languages }: BootResult) {
  const router = useMemo(() => createAppRouter(), []);
  const initialNotices = useMemo<Notice[]>(
    () =>
      languages.failed
        ? [{ id: 'language-fetch-failed', type: 'warning', messageKey: 'language_fetch_failed' }]
        : [],
    [languages.failed],
  );
  return (
    <ConfigProvider config={config}>
      <ApiProvider client={api}>
        <SettingsProvider initial={settings}>
          <LanguagesProvider languages={languages.languages}>
            <CloudscapeI18n>
              <NotificationsProvider initial={initialNotices}>
                <AuthProvider authFlowType={config.authFlowType}>
                  <RouterProvider router={router} />
                </AuthProvider>
              </NotificationsProvider>
            </CloudscapeI18n>
          </LanguagesProvider>
        </SettingsProvider>
      </ApiProvider>
    </ConfigProvider>
  );
}
