import * as contract from '../../../../shared/src/contract/catalog';
import { cancelReasons } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchCancelReasons } from '../../use-cases/fetch-cancel-reasons';

const deps = { cancelReasons };

export const handler = httpHandler(contract.fetchCancelReasons, () => fetchCancelReasons(deps));
