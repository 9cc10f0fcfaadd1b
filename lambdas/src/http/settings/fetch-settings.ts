import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchSettings } from '../../use-cases/fetch-settings';

export const handler = httpHandler(contract.fetchSettings, () => fetchSettings(deps));
