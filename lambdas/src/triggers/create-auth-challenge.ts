import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { attempts, now, settings, sms } from '../composition-root';
import { triggerHandler } from '../observability/entry-points';
import { createOtpChallenge } from '../use-cases/login-otp-challenge';

const deps = { attempts, now, settings, sms };

export const handler = triggerHandler('create-auth-challenge', async (event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> => {
  const out = await createOtpChallenge(
    { sms: deps.sms(), settings: () => deps.settings.getApp(), attempts: deps.attempts, now: deps.now },
    {
      phoneNumber: event.request.userAttributes.phone_number,
      session: event.request.session.map((s) => ({ challengeName: s.challengeName, challengeResult: s.challengeResult, challengeMetadata: s.challengeMetadata })),
    },
  );
  event.response.publicChallengeParameters = out.publicChallengeParameters;
  event.response.privateChallengeParameters = out.privateChallengeParameters;
  event.response.challengeMetadata = out.challengeMetadata;
  return event;
});
