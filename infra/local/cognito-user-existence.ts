/**
 * The user pool's app client has `preventUserExistenceErrors` on (auth-stack.ts): Cognito then
 * answers a sign-in with an unknown user exactly as one with a wrong password, and a password reset
 * for an unknown user as one for a known user, so nobody can learn from the answer whether an
 * address has an account. cognito-local tells them apart (`UserNotFoundException`,
 * `InvalidPasswordException`, "User not authorized"); the site's `/cognito` proxy puts its answers
 * into Cognito's words here.
 * https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pool-managing-errors.html
 */
export interface CognitoAnswer { status: number; body: string }

const SIGN_IN_FLOWS = new Set(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']);
const INCORRECT = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };

const errorOf = (body: string): { type: string; message: string } | undefined => {
  try {
    const parsed = JSON.parse(body) as { __type?: string; code?: string; message?: string };
    const type = (parsed.__type ?? parsed.code ?? '').split('#').pop() ?? '';
    return type ? { type, message: parsed.message ?? '' } : undefined;
  } catch { return undefined; }
};

/** Masks the answers that would tell an unknown user from a known one; others pass unchanged. */
export function maskUserExistence(operation: string, input: unknown, answer: CognitoAnswer): CognitoAnswer {
  if (answer.status < 400) return answer;
  const error = errorOf(answer.body);
  if (!error) return answer;
  const request = (input ?? {}) as { AuthFlow?: string };
  if (operation === 'InitiateAuth' && SIGN_IN_FLOWS.has(String(request.AuthFlow))) {
    // Unknown user (cognito-local: UserNotFound or a bare "User not authorized") and wrong password alike.
    if (error.type === 'UserNotFoundException' || error.type === 'InvalidPasswordException'
      || (error.type === 'NotAuthorizedException' && error.message === 'User not authorized')) {
      return { status: 400, body: JSON.stringify(INCORRECT) };
    }
  }
  if (error.type !== 'UserNotFoundException') return answer;
  if (operation === 'ForgotPassword' || operation === 'ResendConfirmationCode') {
    // Cognito simulates the delivery it would have made.
    return { status: 200, body: JSON.stringify({ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: '***@***' } }) };
  }
  if (operation === 'ConfirmForgotPassword' || operation === 'ConfirmSignUp') {
    return { status: 400, body: JSON.stringify({ __type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' }) };
  }
  return answer;
}
