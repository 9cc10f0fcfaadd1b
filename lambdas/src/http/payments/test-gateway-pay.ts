import * as contract from '../../../../shared/src/contract/payments';
import { testGatewayDeps } from '../../test-gateway-deps';
import { httpHandler } from '../../middleware/http-handler';
import { takeGatewayPayment } from '../../use-cases/test-gateway-payments';

export const handler = httpHandler(contract.testGatewayPay, ({ params, body }) => takeGatewayPayment(testGatewayDeps, params.provider, body));
