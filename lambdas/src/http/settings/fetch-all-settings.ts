import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchAllSettings } from '../../use-cases/fetch-all-settings';

export const handler = httpHandler(contract.fetchAllSettings, () => fetchAllSettings(deps));
