import * as contract from '../../../../shared/src/contract/bookings';
import { bookings, uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchBookings } from '../../use-cases/fetch-bookings';

const deps = { bookings, uploads };

export const handler = httpHandler(contract.fetchBookings, ({ account, query }) => fetchBookings(deps, account, query));
