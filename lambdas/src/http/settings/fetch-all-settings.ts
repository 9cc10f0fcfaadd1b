import * as contract from '../../../../shared/src/contract/settings';
import { settings } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchAllSettings } from '../../use-cases/fetch-all-settings';

const deps = { settings };

export const handler = httpHandler(contract.fetchAllSettings, () => fetchAllSettings(deps));
