import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { cognitoClient } from '../adapters/cognito/client';
import { deps } from '../composition-root';
import { triggerHandler } from '../observability/entry-points';
import { provisionSocialUser } from '../use-cases/provision-social-user';

/** First Facebook/Apple sign-in: profile, claims and the rider group. Other confirmations pass through. */
export const handler = triggerHandler('post-confirmation', async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  await provisionSocialUser(
    {
      users: deps.users, now: deps.now,
      // The pool comes from the event: a trigger cannot be configured with its own pool's id.
      addToRiderGroup: async (userPoolId, userName) => {
        await cognitoClient().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: userName, GroupName: 'rider' }));
      },
    },
    { userPoolId: event.userPoolId, userName: event.userName, attributes: event.request.userAttributes },
  );
  return event;
});
