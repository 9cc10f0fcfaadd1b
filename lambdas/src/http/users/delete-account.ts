import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { deleteAccount } from '../../use-cases/delete-account';

export const handler = httpHandler(contract.deleteAccount, ({ account }) => deleteAccount(deps, account));
