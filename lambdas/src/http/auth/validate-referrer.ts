import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { validateReferrer } from '../../use-cases/validate-referrer';

export const handler = httpHandler(contract.validateReferrer, ({ body }) => validateReferrer(deps, body.referralId));
