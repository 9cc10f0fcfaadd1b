import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import type { Role } from '../../../shared/src/contract';
import type { RuntimeConfig } from '../config/load-config';
import { roleFromGroups } from './roles';

export interface SessionInfo {
  idToken: string;
  role: Role | null;
}

/** The current ID token (refreshed by Amplify when it is about to expire), or null when signed out. */
export async function currentSession(): Promise<SessionInfo | null> {
  try {
    const { tokens } = await fetchAuthSession();
    const idToken = tokens?.idToken;
    if (!idToken) return null;
    return { idToken: idToken.toString(), role: roleFromGroups(idToken.payload['cognito:groups']) };
  } catch {
    // A failed refresh means the session is gone; callers treat it as signed out.
    return null;
  }
}

/** For the API client: the Cognito authorizer validates ID tokens, not access tokens. */
export async function getIdToken(): Promise<string | undefined> {
  return (await currentSession())?.idToken;
}

/** Thrown when Cognito wants a step this site does not offer yet (new password, MFA, ...). */
export class UnsupportedSignInStepError extends Error {
  override name = 'UnsupportedSignInStepError';
  constructor(readonly step: string) {
    super(`Unsupported sign-in step: ${step}`);
  }
}

export async function signInWithPassword(
  email: string,
  password: string,
  authFlowType: RuntimeConfig['authFlowType'],
): Promise<void> {
  const attempt = () => signIn({ username: email, password, options: { authFlowType } });
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await attempt();
  } catch (e) {
    // A leftover session (e.g. a user whose profile could not load) blocks a new sign-in.
    if (e instanceof Error && e.name === 'UserAlreadyAuthenticatedException') {
      await signOut();
      result = await attempt();
    } else {
      throw e;
    }
  }
  if (!result.isSignedIn) throw new UnsupportedSignInStepError(result.nextStep.signInStep);
}

export async function signOutUser(): Promise<void> {
  await signOut();
}
