import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { LogoutRoute } from './logout-route';
import { protectedPages } from './page-routes';
import { ProtectedRoute } from './protected-route';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { SignedInLayout } from './signed-in-layout';

const LandingPage = lazy(() => import('../pages/landing/landing-page'));
const LoginPage = lazy(() => import('../pages/login/login-page'));
const NotFoundPage = lazy(() => import('../pages/not-found/not-found-page'));

/** Spec §2 routes. Protected paths match exactly; anything unknown is a public "not found". */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            { index: true, element: <LandingPage /> },
            { path: 'login', element: <LoginPage /> },
            { path: 'logout', element: <LogoutRoute /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        {
          // The outer guard keeps signed-out visitors from ever seeing the admin frame.
          element: (
            <ProtectedRoute>
              <SignedInLayout />
            </ProtectedRoute>
          ),
          children: protectedPages.map(({ path, roles, Component }) => ({
            path,
            element: (
              <ProtectedRoute roles={roles}>
                <Component />
              </ProtectedRoute>
            ),
          })),
        },
      ],
    },
  ]);
}
