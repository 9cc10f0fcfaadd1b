import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler(contract.fetchMessages, ({ account, query }) => deps.inbox.list(account.profile.id, query));
