import * as contract from '../../../../shared/src/contract/sos';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { bookings, now, sosAlerts, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { raiseSos } from '../../use-cases/raise-sos';

const deps = { sos: sosAlerts, bookings, trips, now };

export const handler = httpHandler(
  contract.raiseSos,
  ({ account, body, preloaded: [booking] }) => raiseSos(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
