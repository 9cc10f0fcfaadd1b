import * as contract from '../../../../shared/src/contract/payments';
import { testGatewayDeps } from '../../test-gateway-deps';
import { httpHandler } from '../../middleware/http-handler';
import { fetchGatewayPayment } from '../../use-cases/test-gateway-payments';

export const handler = httpHandler(contract.fetchGatewayPayment, ({ params }) => fetchGatewayPayment(testGatewayDeps, params.id));
