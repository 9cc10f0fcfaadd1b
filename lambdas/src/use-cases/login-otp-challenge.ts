import { makeLoginOtp, validateLoginOtp } from '../../../shared/src/domain/codes';
import type { SmsSender } from '../ports/sms';
import { attemptLimits, type AttemptDeps } from './limit-attempts';

/**
 * Phone sign-in (spec §4 Sign-in, §5 Login) on Cognito custom auth: one 6-digit code per
 * session, three tries. The three functions are the define, create and verify triggers' logic.
 * A fresh session is no fresh start: codes texted and wrong codes are also counted per phone
 * number (shared/src/domain/attempt-limits.ts), so neither SMS pumping nor guessing across
 * sessions goes far.
 */
export const MAX_OTP_ATTEMPTS = 3;

export interface ChallengeResult { challengeName: string; challengeResult: boolean; challengeMetadata?: string }

export function defineNextStep(session: ChallengeResult[]): { issueTokens: boolean; failAuthentication: boolean; challengeName?: 'CUSTOM_CHALLENGE' } {
  const last = session[session.length - 1];
  if (last?.challengeName === 'CUSTOM_CHALLENGE' && last.challengeResult) return { issueTokens: true, failAuthentication: false };
  if (session.some((s) => s.challengeName !== 'CUSTOM_CHALLENGE')) return { issueTokens: false, failAuthentication: true };
  if (session.length >= MAX_OTP_ATTEMPTS) return { issueTokens: false, failAuthentication: true };
  return { issueTokens: false, failAuthentication: false, challengeName: 'CUSTOM_CHALLENGE' };
}

/** The first round makes and texts the code; later rounds of the same session reuse it. */
export async function createOtpChallenge(
  deps: AttemptDeps & { sms: SmsSender; settings: () => Promise<{ appName: string; MobileLoginEnabled: boolean } | undefined>; random?: () => number },
  input: { phoneNumber: string | undefined; session: ChallengeResult[] },
): Promise<{ publicChallengeParameters: Record<string, string>; privateChallengeParameters: Record<string, string>; challengeMetadata: string }> {
  const settings = await deps.settings();
  // Errors here surface to the client as UserLambdaValidationException with this text.
  if (!settings?.MobileLoginEnabled) throw new Error('Phone sign-in is switched off');
  if (!input.phoneNumber) throw new Error('user_does_not_exists');
  const previous = [...input.session].reverse().find((s) => s.challengeMetadata?.startsWith('OTP-'))?.challengeMetadata?.slice(4);
  const code = previous ?? makeLoginOtp(deps.random);
  if (!previous) {
    // A locked number gets no new code (it could not be used), and each text counts before it leaves.
    await attemptLimits.assertOpen(deps, 'otpCode', input.phoneNumber, 'otp_attempts_exceeded');
    await attemptLimits.take(deps, 'otpSend', input.phoneNumber, 'otp_send_limit');
    await deps.sms.send(input.phoneNumber, `${settings.appName}: your sign-in code is ${code}`);
  }
  return {
    publicChallengeParameters: { phone: maskPhone(input.phoneNumber) },
    privateChallengeParameters: { answer: code },
    challengeMetadata: `OTP-${code}`,
  };
}

/**
 * The verify trigger: while the phone has wrong codes left the answer is checked (and a wrong one
 * counted); once they are used up every answer, the right one too, is refused with
 * `otp_attempts_exceeded` until the window ends.
 */
export async function verifyOtpAttempt(
  deps: AttemptDeps, input: { phoneNumber: string | undefined; expected: string | undefined; answer: string | undefined },
): Promise<boolean> {
  if (!input.phoneNumber) return false;
  await attemptLimits.assertOpen(deps, 'otpCode', input.phoneNumber, 'otp_attempts_exceeded');
  const correct = verifyOtpAnswer(input.expected, input.answer);
  if (!correct) await attemptLimits.fail(deps, 'otpCode', input.phoneNumber);
  return correct;
}

export function verifyOtpAnswer(expected: string | undefined, answer: string | undefined): boolean {
  return Boolean(expected) && validateLoginOtp(answer ?? '').ok && answer === expected;
}

export function maskPhone(phone: string): string {
  return phone.length > 4 ? `${'•'.repeat(phone.length - 4)}${phone.slice(-4)}` : phone;
}
