import * as contract from '../../../../shared/src/contract/earnings';
import { earnings } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDriverEarnings } from '../../use-cases/fetch-driver-earnings';

const deps = { earnings };

export const handler = httpHandler(contract.fetchDriverEarnings, ({ account, query }) => fetchDriverEarnings(deps, account, query));
