import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { PageSpinner } from '../components/page-spinner';

/** Spec §2: Logout signs out. A route, so menus can link to it like any other page. */
export function LogoutRoute() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    signOut()
      .catch(() => undefined)
      .finally(() => {
        if (active) navigate('/login', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [signOut, navigate]);
  return <PageSpinner />;
}
