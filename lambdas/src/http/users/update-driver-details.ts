import * as contract from '../../../../shared/src/contract/users';
import { carTypes, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { updateDriverDetails } from '../../use-cases/update-driver-details';

const deps = { carTypes, users };

export const handler = httpHandler(contract.updateDriverDetails, ({ account, body }) => updateDriverDetails(deps, account, body));
