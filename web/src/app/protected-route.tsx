import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { canVisit } from '../../../shared/src/domain/permissions';
import { useAuth } from '../auth/auth-context';
import { PageSpinner } from '../components/page-spinner';

/**
 * Spec §2: a spinner while auth loads; unauthenticated or not permitted goes to /login. With a
 * `path`, the spec's protected-route table decides (`canVisit`, exact match); without one, any
 * signed-in user may pass (the frame around the pages). The server checks roles again on every call.
 */
export function ProtectedRoute({ path, children }: { path?: string; children: ReactNode }) {
  const { loading, user, role } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user || (path !== undefined && !canVisit(path, role))) {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  return children;
}
