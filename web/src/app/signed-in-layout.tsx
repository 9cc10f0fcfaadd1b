import AppLayout from '@cloudscape-design/components/app-layout';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { SMALL_SCREEN, useMediaQuery } from '../components/use-media-query';
import { useNotifications } from './notifications-context';
import { ActiveTripBanner } from './active-trip-banner';
import { SideNav } from './side-nav';
import { SignedInDrawer } from './signed-in-drawer';
import { TOP_NAV_ID, TopBar } from './top-bar';

/**
 * Spec §2: the top bar and the side menu in a 240 px drawer. On small screens the drawer is
 * temporary: laid over the page, 240 px wide, and closed again after a link is followed. Every
 * page says when the user has a trip on.
 */
export function SignedInLayout() {
  const { t } = useTranslation();
  const { items } = useNotifications();
  const small = useMediaQuery(SMALL_SCREEN);
  const { pathname } = useLocation();
  const [navigationOpen, setNavigationOpen] = useState(!small);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    if (small) setNavigationOpen(false);
    setDrawerOpen(false);
  }, [pathname, small]);

  const banner = <ActiveTripBanner />;

  return (
    <>
      <TopBar />
      <AppLayout
        headerSelector={`#${TOP_NAV_ID}`}
        // Small screens: the menu is our own 240 px drawer (Cloudscape's mobile one is full width),
        // opened from the toolbar.
        navigation={small ? undefined : <SideNav />}
        navigationHide={small}
        navigationWidth={240}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        breadcrumbs={
          small ? (
            <Button
              variant="icon"
              iconName="menu"
              ariaLabel={t('open_navigation')}
              ariaExpanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
              data-testid="open-navigation"
            />
          ) : undefined
        }
        toolsHide
        notifications={
          <>
            {banner}
            {items.length ? <Flashbar items={items} /> : null}
          </>
        }
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
      {small ? <SignedInDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} /> : null}
    </>
  );
}
