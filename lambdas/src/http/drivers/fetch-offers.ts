import * as contract from '../../../../shared/src/contract/driver-presence';
import { bookings, now } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchOffers } from '../../use-cases/driver-presence';

const deps = { bookings, now };

export const handler = httpHandler(contract.fetchOffers, ({ account }) => fetchOffers(deps, account));
