import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchPayment } from '../../use-cases/fetch-payment';

export const handler = httpHandler(contract.fetchPayment, ({ account, params }) => fetchPayment(deps, account, params.orderId));
