import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { confirmPayment } from '../../use-cases/confirm-payment';

export const handler = httpHandler(contract.confirmPayment, ({ params, body, headers }) => confirmPayment(deps, params.provider, body, headers));
