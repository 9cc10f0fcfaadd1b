import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { signOut } from '../../use-cases/end-user-sessions';

export const handler = httpHandler(contract.signOut, ({ account }) => signOut(deps, account.profile.id));
