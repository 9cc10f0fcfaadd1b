import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchActiveDrivers } from '../../use-cases/fetch-active-drivers';

export const handler = httpHandler(contract.fetchActiveDrivers, ({ account }) => fetchActiveDrivers(deps, account));
