import * as contract from '../../../../shared/src/contract/withdraws';
import { withdraws } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchWithdraws } from '../../use-cases/fetch-withdraws';

const deps = { withdraws };

export const handler = httpHandler(contract.fetchWithdraws, ({ account, query }) => fetchWithdraws(deps, account, query));
