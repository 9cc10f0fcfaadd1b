import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchBookings } from '../../use-cases/fetch-bookings';

export const handler = httpHandler(contract.fetchBookings, ({ account, query }) => fetchBookings(deps, account, query));
