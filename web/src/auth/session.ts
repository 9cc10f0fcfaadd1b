import type { SignInOutput } from 'aws-amplify/auth';
import type { Role } from '../../../shared/src/contract';
import type { RuntimeConfig } from '../config/load-config';
import { loadAuth, mayHaveSession } from './configure-auth';
import { roleFromGroups } from './roles';

/** Amplify's Auth APIs, loaded on first use (see configure-auth). */
const amplify = async () => (await loadAuth()).auth;

export interface SessionInfo {
  idToken: string;
  role: Role | null;
}

/** The current ID token (refreshed by Amplify when it is about to expire), or null when signed out. */
export async function currentSession(): Promise<SessionInfo | null> {
  // No stored session: signed out, without fetching Amplify for a visitor who never signed in.
  if (!mayHaveSession()) return null;
  try {
    const { tokens } = await (await amplify()).fetchAuthSession();
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

/** Thrown when Cognito wants a step this site does not offer (new password, MFA, ...). */
export class UnsupportedSignInStepError extends Error {
  override name = 'UnsupportedSignInStepError';
  constructor(readonly step: string) {
    super(`Unsupported sign-in step: ${step}`);
  }
}

/** Thrown when the one-time code was wrong and Cognito asks for it again (spec §5 otp_validate_error). */
export class WrongOtpError extends Error {
  override name = 'WrongOtpError';
  constructor() {
    super('The code is not correct');
  }
}

/** A leftover session (e.g. a user whose profile could not load) blocks a new sign-in: end it and retry once. */
async function signInFresh(attempt: () => Promise<SignInOutput>): Promise<SignInOutput> {
  try {
    return await attempt();
  } catch (e) {
    if (e instanceof Error && e.name === 'UserAlreadyAuthenticatedException') {
      await (await amplify()).signOut();
      return attempt();
    }
    throw e;
  }
}

export async function signInWithPassword(
  email: string,
  password: string,
  authFlowType: RuntimeConfig['authFlowType'],
): Promise<void> {
  const { signIn } = await amplify();
  const result = await signInFresh(() => signIn({ username: email, password, options: { authFlowType } }));
  if (!result.isSignedIn) throw new UnsupportedSignInStepError(result.nextStep.signInStep);
}

/**
 * Spec §4 phone path, step 1: Cognito custom auth without SRP; the create-challenge trigger sends
 * a 6-digit code by SMS (locally: printed in the `npm start` console and kept in the SMS outbox).
 */
export async function startPhoneSignIn(mobile: string): Promise<void> {
  const { signIn } = await amplify();
  const result = await signInFresh(() =>
    signIn({ username: mobile, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } }),
  );
  if (result.isSignedIn) return;
  if (result.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') {
    throw new UnsupportedSignInStepError(result.nextStep.signInStep);
  }
}

/** Step 2: the code. A wrong code gets the challenge again (until Cognito gives up). */
export async function confirmPhoneSignIn(otp: string): Promise<void> {
  const result = await (await amplify()).confirmSignIn({ challengeResponse: otp });
  if (result.isSignedIn) return;
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') throw new WrongOtpError();
  throw new UnsupportedSignInStepError(result.nextStep.signInStep);
}

/** Leaves for the identity provider; the page comes back to /login and Amplify completes it. */
export async function startSocialSignIn(provider: 'Facebook' | 'Apple'): Promise<void> {
  await (await amplify()).signInWithRedirect({ provider });
}

/** Spec §4 "send reset email": Cognito ForgotPassword; the code goes by email (locally: the console). */
export async function requestPasswordReset(email: string): Promise<void> {
  await (await amplify()).resetPassword({ username: email });
}

export async function completePasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await (await amplify()).confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export async function signOutUser(): Promise<void> {
  // Nothing stored, nothing to end (e.g. /logout while signed out): Amplify need not load.
  if (!mayHaveSession()) return;
  await (await amplify()).signOut();
}

/**
 * Spec §4 Sign-in with email_verify on: Cognito e-mails a code to the signed-in user (locally it is
 * printed by `npm start` and kept at /local/outbox).
 */
export async function sendEmailVerificationCode(): Promise<void> {
  await (await amplify()).sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
}

/** Confirms the code, then refreshes the tokens so the API sees `email_verified` at once. */
export async function confirmEmailVerification(code: string): Promise<void> {
  const { confirmUserAttribute, fetchAuthSession } = await amplify();
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
  await fetchAuthSession({ forceRefresh: true });
}
