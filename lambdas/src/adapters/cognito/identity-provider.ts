import type { AttributeType } from '@aws-sdk/client-cognito-identity-provider';
import { DomainError } from '../../../../shared/src/domain/errors';
import type { Role } from '../../../../shared/src/contract/route';
import { config } from '../../config';
import type { IdentityProvider } from '../../ports/users';
import { cognitoClient, cognitoSdk } from './client';

/**
 * Cognito user pool with email as the username attribute. After creation every admin call uses
 * the immutable `sub`, which both Cognito and the local emulator accept.
 */
export const cognitoIdentityProvider: IdentityProvider = {
  async createUser({ email, password, phone, emailVerified }) {
    // An unverified address is one without the attribute: Cognito's default, and the local
    // emulator reads any present value (even "false") as verified.
    const attributes: AttributeType[] = [{ Name: 'email', Value: email }];
    if (emailVerified) attributes.push({ Name: 'email_verified', Value: 'true' });
    if (phone) attributes.push({ Name: 'phone_number', Value: phone });
    let sub: string | undefined;
    try {
      const { AdminCreateUserCommand } = await cognitoSdk();
      const out = await (await cognitoClient()).send(new AdminCreateUserCommand({
        UserPoolId: config().USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS', UserAttributes: attributes,
      }));
      sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? out.User?.Username;
    } catch (e) {
      if ((e as { name?: string }).name === 'UsernameExistsException') throw new DomainError('user_exists', 409);
      throw e;
    }
    if (!sub) throw new DomainError('reg_error', 500);
    const { AdminSetUserPasswordCommand } = await cognitoSdk();
    await (await cognitoClient()).send(new AdminSetUserPasswordCommand({
      UserPoolId: config().USER_POOL_ID, Username: sub, Password: password, Permanent: true,
    }));
    return { uid: sub };
  },

  async addToGroup(uid: string, _email: string, group: Role) {
    const { AdminAddUserToGroupCommand } = await cognitoSdk();
    await (await cognitoClient()).send(new AdminAddUserToGroupCommand({ UserPoolId: config().USER_POOL_ID, Username: uid, GroupName: group }));
  },

  async deleteUser(uid: string) {
    const { AdminDeleteUserCommand } = await cognitoSdk();
    await (await cognitoClient()).send(new AdminDeleteUserCommand({ UserPoolId: config().USER_POOL_ID, Username: uid }));
  },

  async signOutEverywhere(uid: string) {
    const { AdminUserGlobalSignOutCommand } = await cognitoSdk();
    await (await cognitoClient()).send(new AdminUserGlobalSignOutCommand({ UserPoolId: config().USER_POOL_ID, Username: uid }));
  },

  async findByEmail(email: string) {
    const { ListUsersCommand } = await cognitoSdk();
    const out = await (await cognitoClient()).send(new ListUsersCommand({
      UserPoolId: config().USER_POOL_ID, Filter: `email = "${email.replace(/"/g, '')}"`, Limit: 1,
    }));
    const user = out.Users?.find((u) => u.Attributes?.some((a) => a.Name === 'email' && a.Value?.toLowerCase() === email.toLowerCase()));
    const uid = user?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    return uid ? { uid } : undefined;
  },
};
