import { lazy, Suspense } from 'react';
import { Outlet, useMatch } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { useNotifications } from './notifications-context';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/**
 * Landing, sign-in and other public pages: the public header and footer around the page (spec §2).
 * A plain frame rather than Cloudscape's AppLayout: with no side navigation, tools or drawers it
 * would only add gutters, yet it is the heaviest module of the landing page (with its drawers'
 * drag-and-drop). public-site.css gives the content AppLayout's gutters and width.
 */
/** Flashes are rare on public pages (a message for the user, a failed language list): loaded when one shows. */
const Flashbar = lazy(() => import('@cloudscape-design/components/flashbar'));

export function PublicLayout() {
  const { items } = useNotifications();
  // The landing hero runs edge to edge under the header; other pages keep the standard gutters.
  const fullBleed = useMatch('/') !== null;
  return (
    <div className="public-frame">
      <PublicHeader />
      <main className="public-main">
        {items.length ? (
          <div className="public-column public-notifications">
            <Suspense fallback={null}>
              <Flashbar items={items} />
            </Suspense>
          </div>
        ) : null}
        <div className={fullBleed ? undefined : 'public-column public-content'}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
