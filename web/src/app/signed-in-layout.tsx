import AppLayout from '@cloudscape-design/components/app-layout';
import Flashbar from '@cloudscape-design/components/flashbar';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { SMALL_SCREEN, useMediaQuery } from '../components/use-media-query';
import { useNotifications } from './notifications-context';
import { SideNav } from './side-nav';
import { TOP_NAV_ID, TopBar } from './top-bar';

/**
 * Spec §2: the top bar and the side menu in a 240 px drawer. On small screens the drawer is
 * temporary: Cloudscape lays it over the page, and it closes again after a link is followed.
 */
export function SignedInLayout() {
  const { t } = useTranslation();
  const { items } = useNotifications();
  const small = useMediaQuery(SMALL_SCREEN);
  const { pathname } = useLocation();
  const [navigationOpen, setNavigationOpen] = useState(!small);

  useEffect(() => {
    if (small) setNavigationOpen(false);
  }, [pathname, small]);

  return (
    <>
      <TopBar />
      <AppLayout
        headerSelector={`#${TOP_NAV_ID}`}
        navigation={<SideNav />}
        navigationWidth={240}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
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
    </>
  );
}
