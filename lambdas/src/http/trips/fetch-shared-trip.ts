import * as contract from '../../../../shared/src/contract/trip-link';
import { keys } from '../../adapters/dynamodb/keys';
import { bookings, geo, now, tripLinks, trips, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchSharedTrip } from '../../use-cases/share-trip';

const deps = { tripLinks, hash: keys.tripLinkHash, now, bookings, users, trips, geo };

/** Public: the token is the only credential (no account, no preload under a caller's admission). */
export const handler = httpHandler(contract.fetchSharedTrip, ({ params }) => fetchSharedTrip(deps, params.token));
