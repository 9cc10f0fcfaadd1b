import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { triggerHandler } from '../observability/entry-points';
import { verifyOtpAnswer } from '../use-cases/login-otp-challenge';

export const handler = triggerHandler('verify-auth-challenge', async (event: VerifyAuthChallengeResponseTriggerEvent): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
  event.response.answerCorrect = verifyOtpAnswer(event.request.privateChallengeParameters.answer, event.request.challengeAnswer);
  return event;
});
