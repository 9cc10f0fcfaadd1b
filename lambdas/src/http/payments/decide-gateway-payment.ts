import * as contract from '../../../../shared/src/contract/payments';
import { testGatewayDeps } from '../../test-gateway-deps';
import { httpHandler } from '../../middleware/http-handler';
import { decideGatewayPayment } from '../../use-cases/test-gateway-payments';

export const handler = httpHandler(contract.decideGatewayPayment, ({ params, body }) => decideGatewayPayment(testGatewayDeps, params.id, body.decision));
