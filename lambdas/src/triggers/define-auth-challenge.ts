import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { triggerHandler } from '../observability/entry-points';
import { defineNextStep } from '../use-cases/login-otp-challenge';

export const handler = triggerHandler('define-auth-challenge', async (event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent> => {
  const next = defineNextStep(event.request.session.map((s) => ({
    challengeName: s.challengeName, challengeResult: s.challengeResult, challengeMetadata: s.challengeMetadata,
  })));
  event.response.issueTokens = next.issueTokens;
  event.response.failAuthentication = next.failAuthentication;
  if (next.challengeName) event.response.challengeName = next.challengeName;
  return event;
});
