import * as contract from '../../../../shared/src/contract/dashboard';
import { now, presence } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchActiveDrivers } from '../../use-cases/fetch-active-drivers';

const deps = { now, presence };

export const handler = httpHandler(contract.fetchActiveDrivers, ({ account }) => fetchActiveDrivers(deps, account));
