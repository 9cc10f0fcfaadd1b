import * as contract from '../../../../shared/src/contract/users';
import { identity, now, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { signOut } from '../../use-cases/end-user-sessions';

const deps = { identity, now, users };

export const handler = httpHandler(contract.signOut, ({ account }) => signOut(deps, account.profile.id));
