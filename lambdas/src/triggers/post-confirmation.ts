import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { cognitoClient, cognitoSdk } from '../adapters/cognito/client';
import { now, users } from '../composition-root';
import { triggerHandler } from '../observability/entry-points';
import { endSessionsAfterPasswordReset } from '../use-cases/end-user-sessions';
import { provisionSocialUser } from '../use-cases/provision-social-user';

const deps = { now, users };

/**
 * First Facebook/Apple sign-in: profile, claims and the rider group. A confirmed password reset
 * ends the user's sessions. Other confirmations pass through.
 */
export const handler = triggerHandler('post-confirmation', async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
    const uid = event.request.userAttributes.sub ?? event.userName;
    await endSessionsAfterPasswordReset({
      users: deps.users, now: deps.now,
      // The pool comes from the event: a trigger cannot be configured with its own pool's id.
      identity: {
        signOutEverywhere: async (username) => {
          await (await cognitoClient()).send(new (await cognitoSdk()).AdminUserGlobalSignOutCommand({ UserPoolId: event.userPoolId, Username: username }));
        },
      },
    }, uid);
    return event;
  }
  await provisionSocialUser(
    {
      users: deps.users, now: deps.now,
      addToRiderGroup: async (userPoolId, userName) => {
        await (await cognitoClient()).send(new (await cognitoSdk()).AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: userName, GroupName: 'rider' }));
      },
    },
    { userPoolId: event.userPoolId, userName: event.userName, attributes: event.request.userAttributes },
  );
  return event;
});
