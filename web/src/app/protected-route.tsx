import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from '../../../shared/src/contract';
import { useAuth } from '../auth/auth-context';
import { isAllowed } from '../auth/roles';
import { PageSpinner } from '../components/page-spinner';

/**
 * Spec §2: a spinner while auth loads; unauthenticated or not permitted goes to /login. Without
 * `roles`, any signed-in user may pass. The server checks roles again on every call.
 */
export function ProtectedRoute({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { loading, user, role } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user || (roles && !isAllowed(role, roles))) {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  return children;
}
