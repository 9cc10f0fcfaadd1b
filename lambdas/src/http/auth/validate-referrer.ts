import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { clientAddressOf } from '../../middleware/client-address';
import { httpHandler } from '../../middleware/http-handler';
import { validateReferrer } from '../../use-cases/validate-referrer';

export const handler = httpHandler(contract.validateReferrer, ({ body, event }) => validateReferrer(deps, body.referralId, clientAddressOf(event)));
