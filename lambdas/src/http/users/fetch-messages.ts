import * as contract from '../../../../shared/src/contract/inbox';
import { inbox } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';

const deps = { inbox };

export const handler = httpHandler(contract.fetchMessages, ({ account, query }) => deps.inbox.list(account.profile.id, query));
