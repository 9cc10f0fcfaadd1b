import AppLayout from '@cloudscape-design/components/app-layout';
import Flashbar from '@cloudscape-design/components/flashbar';
import { Suspense } from 'react';
import { Outlet, useMatch } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { useNotifications } from './notifications-context';
import { TOP_NAV_ID } from './top-bar';

/** Landing, sign-in and other public pages: the same frame without the admin menu. */
export function PublicLayout() {
  const { items } = useNotifications();
  // The landing hero runs edge to edge under the top bar; other pages keep the standard gutters.
  const fullBleed = useMatch('/') !== null;
  return (
    <AppLayout
      headerSelector={`#${TOP_NAV_ID}`}
      disableContentPaddings={fullBleed}
      navigationHide
      toolsHide
      notifications={items.length ? <Flashbar items={items} /> : undefined}
      content={
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      }
    />
  );
}
