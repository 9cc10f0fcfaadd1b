import * as contract from '../../../../shared/src/contract/payments';
import { payments } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchPayment } from '../../use-cases/fetch-payment';

const deps = { payments };

export const handler = httpHandler(contract.fetchPayment, ({ account, params }) => fetchPayment(deps, account, params.orderId));
