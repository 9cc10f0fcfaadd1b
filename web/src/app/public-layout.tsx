import AppLayout from '@cloudscape-design/components/app-layout';
import Flashbar from '@cloudscape-design/components/flashbar';
import { Suspense } from 'react';
import { Outlet, useMatch } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { useNotifications } from './notifications-context';
import { PUBLIC_FOOTER_ID, PublicFooter } from './public-footer';
import { PUBLIC_HEADER_ID, PublicHeader } from './public-header';

/** Landing, sign-in and other public pages: the public header and footer around the page (spec §2). */
export function PublicLayout() {
  const { items } = useNotifications();
  // The landing hero runs edge to edge under the header; other pages keep the standard gutters.
  const fullBleed = useMatch('/') !== null;
  return (
    <>
      <PublicHeader />
      <AppLayout
        headerSelector={`#${PUBLIC_HEADER_ID}`}
        footerSelector={`#${PUBLIC_FOOTER_ID}`}
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
      <PublicFooter />
    </>
  );
}
