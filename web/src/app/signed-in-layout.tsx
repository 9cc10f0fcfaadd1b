import AppLayout from '@cloudscape-design/components/app-layout';
import Flashbar from '@cloudscape-design/components/flashbar';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { useNotifications } from './notifications-context';
import { SideNav } from './side-nav';
import { TOP_NAV_ID } from './top-bar';

/** Spec §2: the admin side menu in a 240 px drawer (Cloudscape makes it temporary on small screens). */
export function SignedInLayout() {
  const { t } = useTranslation();
  const { items } = useNotifications();
  return (
    <AppLayout
      headerSelector={`#${TOP_NAV_ID}`}
      navigation={<SideNav />}
      navigationWidth={240}
      toolsHide
      notifications={items.length ? <Flashbar items={items} /> : undefined}
      ariaLabels={{
        navigation: t('navigation'),
        navigationClose: t('close_navigation'),
        navigationToggle: t('open_navigation'),
      }}
      content={
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      }
    />
  );
}
