import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Role, UserProfile } from '../../../shared/src/contract';
import { useApi } from '../api/api-context';
import { isApiError } from '../api/client';
import type { RuntimeConfig } from '../config/load-config';
import { describeAuthError, type TranslatableError } from './auth-errors';
import { whenAuthLoaded } from './configure-auth';
import {
  confirmEmailVerification,
  confirmPhoneSignIn,
  currentSession,
  sendEmailVerificationCode,
  signInWithPassword,
  signOutUser,
  startPhoneSignIn,
  startSocialSignIn,
} from './session';

/** Spec §9: social sign-ins wait 2 s before the profile is read (the server creates it meanwhile). */
export const SOCIAL_PROFILE_DELAY_MS = 2000;

export interface AuthContextValue {
  /** The profile from `fetchUser`; null when signed out. */
  user: UserProfile | null;
  /** From the ID token's `cognito:groups`; null when signed out or in no known group. */
  role: Role | null;
  /** True until the stored session has been checked (and on the way in and out). */
  loading: boolean;
  /**
   * Why the last session ended without the visitor asking: the server refused the profile
   * (require_approval, email_verify_message, not_valid_user_type) at start-up or after a social
   * redirect. The login page shows it.
   */
  refusal: TranslatableError | null;
  clearRefusal: () => void;
  /** Resolves with the role for the post-login redirect; rejects with the Cognito or API error. */
  signIn: (email: string, password: string) => Promise<Role | null>;
  /** Phone path, step 1: sends the one-time code to `mobile` (+<dial code><digits>). */
  requestPhoneCode: (mobile: string) => Promise<void>;
  /** Phone path, step 2: the 6-digit code; resolves with the role like `signIn`. */
  confirmPhoneCode: (otp: string) => Promise<Role | null>;
  /** Leaves the page for the identity provider. */
  signInWithProvider: (provider: 'Facebook' | 'Apple') => Promise<void>;
  signOut: () => Promise<void>;
  /** Reload the profile after the user or an admin changed it. */
  refreshUser: () => Promise<void>;
  /** True while a password user must confirm the code e-mailed because email_verify is on. */
  emailVerificationPending: boolean;
  /** Confirms the e-mailed code and finishes the sign-in; resolves with the role. */
  verifyEmail: (code: string) => Promise<Role | null>;
  /** Gives up verifying: the session ends (spec: the user is signed out). */
  cancelEmailVerification: () => Promise<void>;
}

interface AuthState {
  user: UserProfile | null;
  role: Role | null;
  loading: boolean;
}

const SIGNED_OUT: AuthState = { user: null, role: null, loading: false };

const AuthContext = createContext<AuthContextValue | null>(null);

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function AuthProvider({
  authFlowType,
  children,
}: {
  authFlowType: RuntimeConfig['authFlowType'];
  children: ReactNode;
}) {
  const api = useApi();
  const [state, setState] = useState<AuthState>({ user: null, role: null, loading: true });
  const [refusal, setRefusal] = useState<TranslatableError | null>(null);
  const [emailVerificationPending, setEmailVerificationPending] = useState(false);
  // Guards against an older load finishing after a newer sign-in or sign-out.
  const generation = useRef(0);

  /**
   * Session + profile. A profile the API refuses (not approved, e-mail not verified, no profile
   * or an unknown type) ends the session, and the refusal goes to the caller. The licence check
   * runs every time a session is taken up (spec §4 Startup: "at auth time"), a stored session
   * restored at start-up as much as a new sign-in: base_settings_error_1 / _2 end it. Only a
   * re-read of the profile within a session (`refreshUser`) skips it.
   */
  const loadSignedIn = useCallback(async (checkLicence = true): Promise<AuthState> => {
    const session = await currentSession();
    if (!session) return SIGNED_OUT;
    try {
      const user = await api.fetchUser();
      if (checkLicence) await api.verifyLicense({ body: {} });
      return { user, role: session.role, loading: false };
    } catch (e) {
      // An unverified e-mail gets a code instead of the door: the session stays until the user
      // confirms or gives up (a code can only be sent and confirmed while signed in).
      if (isApiError(e) && e.code === 'email_verify_message' && (await sendEmailVerificationCode().then(() => true, () => false))) {
        setEmailVerificationPending(true);
        throw e;
      }
      if (isApiError(e) && (e.status === 401 || e.status === 403)) await signOutUser().catch(() => undefined);
      throw e;
    }
  }, [api]);

  /** Start-up and social returns: a refusal is remembered for the login page, not thrown. */
  const loadInBackground = useCallback(
    (wait = 0) => {
      const mine = ++generation.current;
      setState((s) => ({ ...s, loading: true }));
      void delay(wait)
        .then(() => loadSignedIn())
        .catch((e: unknown) => {
          if (isApiError(e) && (e.status === 401 || e.status === 403)) setRefusal(describeAuthError(e));
          return SIGNED_OUT;
        })
        .then((next) => {
          if (generation.current === mine) setState(next);
        });
    },
    [loadSignedIn],
  );

  useEffect(() => {
    loadInBackground();
    // Amplify reports a failed token refresh, a sign-out in another tab and the end of a social
    // redirect through Hub. It is loaded lazily (not at all for a visitor who never signed in), so
    // the listener is attached once it is there, before it is configured.
    let stopListening: (() => void) | undefined;
    const stopWaiting = whenAuthLoaded(({ Hub }) => {
      stopListening = Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedOut':
          case 'tokenRefresh_failure':
            generation.current++;
            setState(SIGNED_OUT);
            break;
          case 'signInWithRedirect':
            loadInBackground(SOCIAL_PROFILE_DELAY_MS);
            break;
          case 'signInWithRedirect_failure':
            setRefusal(describeAuthError(payload.data.error));
            break;
        }
      });
    });
    return () => {
      stopWaiting();
      stopListening?.();
    };
  }, [loadInBackground]);

  /** Runs a Cognito sign-in, then loads the profile; a failure leaves a signed-out visitor. */
  const completeSignIn = useCallback(
    async (cognitoStep: () => Promise<void>) => {
      const mine = ++generation.current;
      setRefusal(null);
      try {
        await cognitoStep();
        const next = await loadSignedIn();
        if (generation.current === mine) setState(next);
        return next.role;
      } catch (e) {
        // Never leave the guard spinning: a failed sign-in is a signed-out visitor.
        if (generation.current === mine) setState(SIGNED_OUT);
        throw e;
      }
    },
    [loadSignedIn],
  );

  const signIn = useCallback(
    (email: string, password: string) => completeSignIn(() => signInWithPassword(email.trim(), password, authFlowType)),
    [authFlowType, completeSignIn],
  );

  const requestPhoneCode = useCallback(async (mobile: string) => {
    setRefusal(null);
    await startPhoneSignIn(mobile);
  }, []);

  const confirmPhoneCode = useCallback(
    (otp: string) => completeSignIn(() => confirmPhoneSignIn(otp.trim())),
    [completeSignIn],
  );

  const signInWithProvider = useCallback(async (provider: 'Facebook' | 'Apple') => {
    setRefusal(null);
    await startSocialSignIn(provider);
  }, []);

  const signOut = useCallback(async () => {
    generation.current++;
    try {
      // The server ends the session first, so the tokens already issued stop working everywhere
      // (without a session, or for a deleted account, there is nothing to end); the browser's copy goes either way.
      await api.signOut().catch(() => undefined);
      await signOutUser();
    } finally {
      setState(SIGNED_OUT);
    }
  }, [api]);

  const refreshUser = useCallback(async () => {
    const mine = ++generation.current;
    const next = await loadSignedIn(false).catch(() => SIGNED_OUT);
    if (generation.current === mine) setState(next);
  }, [loadSignedIn]);

  const clearRefusal = useCallback(() => setRefusal(null), []);

  const verifyEmail = useCallback(
    async (code: string) => {
      const role = await completeSignIn(async () => {
        await confirmEmailVerification(code.trim());
        setEmailVerificationPending(false);
      });
      return role;
    },
    [completeSignIn],
  );

  const cancelEmailVerification = useCallback(async () => {
    setEmailVerificationPending(false);
    await signOut();
  }, [signOut]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      refusal,
      clearRefusal,
      signIn,
      requestPhoneCode,
      confirmPhoneCode,
      signInWithProvider,
      signOut,
      refreshUser,
      emailVerificationPending,
      verifyEmail,
      cancelEmailVerification,
    }),
    [state, refusal, clearRefusal, signIn, requestPhoneCode, confirmPhoneCode, signInWithProvider, signOut, refreshUser,
      emailVerificationPending, verifyEmail, cancelEmailVerification],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
