import * as contract from '../../../../shared/src/contract/auth';
import { attempts, now, users } from '../../composition-root';
import { clientAddressOf } from '../../middleware/client-address';
import { httpHandler } from '../../middleware/http-handler';
import { checkUserExists } from '../../use-cases/check-user-exists';

const deps = { attempts, now, users };

export const handler = httpHandler(contract.checkUserExists, ({ body, event }) => checkUserExists(deps, body, clientAddressOf(event)));
