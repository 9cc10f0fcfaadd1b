import * as contract from '../../../../shared/src/contract/driver-presence';
import { now, presence } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateDriverLocation } from '../../use-cases/driver-presence';

const deps = { now, presence };

export const handler = httpHandler(contract.updateDriverLocation, ({ account, body }) => updateDriverLocation(deps, account, body));
