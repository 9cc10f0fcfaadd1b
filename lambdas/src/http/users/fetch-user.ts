import * as contract from '../../../../shared/src/contract/users';
import { httpHandler } from '../../middleware/http-handler';
import { fetchUser } from '../../use-cases/fetch-user';

export const handler = httpHandler(contract.fetchUser, ({ account }) => fetchUser(account));
