import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { PROTECTED_ROUTES } from '../../../shared/src/domain/permissions';
import { PageSpinner } from '../components/page-spinner';
import { LogoutRoute } from './logout-route';
import { protectedPages } from './page-routes';
import { ProtectedRoute } from './protected-route';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** The public pages' chunks by path, so start-up can fetch the one being opened (prefetchPublicPage). */
const publicPages = {
  '/': () => import('../pages/landing/landing-page'),
  '/login': () => import('../pages/login/login-page'),
  '/register': () => import('../pages/register/register-page'),
  '/about-us': () => import('../pages/about/about-page'),
  '/privacy-policy': () => import('../pages/privacy/privacy-page'),
} as const;

/**
 * Starts loading the chunk of the public page at `pathname` while the app is still booting
 * (config.json, settings and languages), rather than after the first render asks for it.
 */
export function prefetchPublicPage(pathname: string): void {
  const load = (publicPages as Record<string, (() => Promise<unknown>) | undefined>)[pathname];
  // A failed fetch is retried, and reported, by the page's own lazy() when it renders.
  load?.().catch(() => undefined);
}

const LandingPage = lazy(publicPages['/']);
const LoginPage = lazy(publicPages['/login']);
const NotFoundPage = lazy(() => import('../pages/not-found/not-found-page'));
const RegisterPage = lazy(publicPages['/register']);
const AboutPage = lazy(publicPages['/about-us']);
const PrivacyPage = lazy(publicPages['/privacy-policy']);
const TestGatewayPage = lazy(() => import('../pages/payments/test-gateway-page'));
const SharedTripPage = lazy(() => import('../features/trip-link/shared-trip-page'));
// The signed-in frame (top bar, side menu) is never drawn for a signed-out visitor: its own chunk.
const SignedInLayout = lazy(() => import('./signed-in-layout').then((m) => ({ default: m.SignedInLayout })));

/** Every §2 protected route gets the guard; one without a page yet shows "not found" inside the frame. */
const pageByPath = new Map(protectedPages.map((p) => [p.path, p.Component]));

/** Spec §2 routes. Protected paths match exactly; anything unknown is a public "not found". */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        // The test gateway plays a payment provider: its page stands apart from the site's frame.
        { path: 'payment-gateway', element: <Suspense fallback={<PageSpinner />}><TestGatewayPage /></Suspense> },
        // A shared trip's page: anyone with the link, signed in or not, outside the signed-in frame.
        { path: 't/:token', element: <Suspense fallback={<PageSpinner />}><SharedTripPage /></Suspense> },
        {
          element: <PublicLayout />,
          children: [
            { index: true, element: <LandingPage /> },
            { path: 'login', element: <LoginPage /> },
            { path: 'register', element: <RegisterPage /> },
            { path: 'about-us', element: <AboutPage /> },
            { path: 'privacy-policy', element: <PrivacyPage /> },
            { path: 'logout', element: <LogoutRoute /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        {
          // The outer guard keeps signed-out visitors from ever seeing the admin frame.
          element: (
            <ProtectedRoute>
              <Suspense fallback={<PageSpinner />}>
                <SignedInLayout />
              </Suspense>
            </ProtectedRoute>
          ),
          children: Object.keys(PROTECTED_ROUTES).map((path) => {
            const Component = pageByPath.get(path) ?? NotFoundPage;
            return {
              path,
              // Spec §2: protected routes match exactly, letter case included.
              caseSensitive: true,
              element: (
                <ProtectedRoute path={path}>
                  <Component />
                </ProtectedRoute>
              ),
            };
          }),
        },
      ],
    },
  ]);
}
