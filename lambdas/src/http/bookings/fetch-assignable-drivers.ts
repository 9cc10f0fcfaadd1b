import * as contract from '../../../../shared/src/contract/bookings';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now, presence } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchAssignableDrivers } from '../../use-cases/fetch-assignable-drivers';

const deps = { now, presence };

export const handler = httpHandler(
  contract.fetchAssignableDrivers,
  ({ account, preloaded }) => fetchAssignableDrivers(deps, account, loaded.booking(preloaded[0])),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
