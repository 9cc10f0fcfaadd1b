import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { attemptRepository } from '../adapters/dynamodb/attempt-repository';
import { triggerHandler } from '../observability/entry-points';
import { verifyOtpAttempt } from '../use-cases/login-otp-challenge';

export const handler = triggerHandler('verify-auth-challenge', async (event: VerifyAuthChallengeResponseTriggerEvent): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
  event.response.answerCorrect = await verifyOtpAttempt({ attempts: attemptRepository, now: () => new Date() }, {
    phoneNumber: event.request.userAttributes.phone_number,
    expected: event.request.privateChallengeParameters.answer,
    answer: event.request.challengeAnswer,
  });
  return event;
});
