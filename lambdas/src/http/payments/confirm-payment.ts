import * as contract from '../../../../shared/src/contract/payments';
import { bookings, gateway, jobs, now, payments, settings, trips, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { confirmPayment } from '../../use-cases/confirm-payment';

const deps = { bookings, gateway, jobs, now, payments, settings, trips, users };

export const handler = httpHandler(contract.confirmPayment, ({ params, body, headers }) => confirmPayment(deps, params.provider, body, headers));
