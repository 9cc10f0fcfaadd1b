import * as contract from '../../../../shared/src/contract/settings';
import { settings } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchSettings } from '../../use-cases/fetch-settings';

const deps = { settings };

export const handler = httpHandler(contract.fetchSettings, () => fetchSettings(deps));
