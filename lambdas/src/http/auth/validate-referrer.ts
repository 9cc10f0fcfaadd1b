import * as contract from '../../../../shared/src/contract/auth';
import { attempts, now, users } from '../../composition-root';
import { clientAddressOf } from '../../middleware/client-address';
import { httpHandler } from '../../middleware/http-handler';
import { validateReferrer } from '../../use-cases/validate-referrer';

const deps = { attempts, now, users };

export const handler = httpHandler(contract.validateReferrer, ({ body, event }) => validateReferrer(deps, body.referralId, clientAddressOf(event)));
