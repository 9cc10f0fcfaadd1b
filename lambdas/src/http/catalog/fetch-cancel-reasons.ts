import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchCancelReasons } from '../../use-cases/fetch-cancel-reasons';

export const handler = httpHandler(contract.fetchCancelReasons, () => fetchCancelReasons(deps));
