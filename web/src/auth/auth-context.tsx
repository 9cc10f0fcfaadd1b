import { Hub } from 'aws-amplify/utils';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Role, UserProfile } from '../../../shared/src/contract';
import { useApi } from '../api/api-context';
import { isApiError } from '../api/client';
import type { RuntimeConfig } from '../config/load-config';
import { currentSession, signInWithPassword, signOutUser } from './session';

export interface AuthContextValue {
  /** The profile from `fetchUser`; null when signed out. */
  user: UserProfile | null;
  /** From the ID token's `cognito:groups`; null when signed out or in no known group. */
  role: Role | null;
  /** True until the stored session has been checked (and on the way in and out). */
  loading: boolean;
  /** Resolves with the role for the post-login redirect; rejects with the Cognito or API error. */
  signIn: (email: string, password: string) => Promise<Role | null>;
  signOut: () => Promise<void>;
  /** Reload the profile after the user or an admin changed it. */
  refreshUser: () => Promise<void>;
}

interface AuthState {
  user: UserProfile | null;
  role: Role | null;
  loading: boolean;
}

const SIGNED_OUT: AuthState = { user: null, role: null, loading: false };

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({
  authFlowType,
  children,
}: {
  authFlowType: RuntimeConfig['authFlowType'];
  children: ReactNode;
}) {
  const api = useApi();
  const [state, setState] = useState<AuthState>({ user: null, role: null, loading: true });
  // Guards against an older load finishing after a newer sign-in or sign-out.
  const generation = useRef(0);

  /** Session + profile. A profile the API refuses (not approved, deleted) ends the session. */
  const loadSignedIn = useCallback(async (): Promise<AuthState> => {
    const session = await currentSession();
    if (!session) return SIGNED_OUT;
    try {
      const user = await api.fetchUser();
      return { user, role: session.role, loading: false };
    } catch (e) {
      if (isApiError(e) && (e.status === 401 || e.status === 403)) await signOutUser().catch(() => undefined);
      throw e;
    }
  }, [api]);

  useEffect(() => {
    const mine = ++generation.current;
    loadSignedIn()
      .catch(() => SIGNED_OUT)
      .then((next) => {
        if (generation.current === mine) setState(next);
      });
    // Amplify reports a failed token refresh or a sign-out in another tab through Hub.
    return Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') {
        generation.current++;
        setState(SIGNED_OUT);
      }
    });
  }, [loadSignedIn]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const mine = ++generation.current;
      try {
        await signInWithPassword(email.trim(), password, authFlowType);
        const next = await loadSignedIn();
        if (generation.current === mine) setState(next);
        return next.role;
      } catch (e) {
        // Never leave the guard spinning: a failed sign-in is a signed-out visitor.
        if (generation.current === mine) setState(SIGNED_OUT);
        throw e;
      }
    },
    [authFlowType, loadSignedIn],
  );

  const signOut = useCallback(async () => {
    generation.current++;
    try {
      await signOutUser();
    } finally {
      setState(SIGNED_OUT);
    }
  }, []);

  const refreshUser = useCallback(async () => {
    const mine = ++generation.current;
    const next = await loadSignedIn().catch(() => SIGNED_OUT);
    if (generation.current === mine) setState(next);
  }, [loadSignedIn]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signIn, signOut, refreshUser }),
    [state, signIn, signOut, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
