import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { verifyOtpAnswer } from '../use-cases/login-otp-challenge';

export const handler = async (event: VerifyAuthChallengeResponseTriggerEvent): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
  event.response.answerCorrect = verifyOtpAnswer(event.request.privateChallengeParameters.answer, event.request.challengeAnswer);
  return event;
};
