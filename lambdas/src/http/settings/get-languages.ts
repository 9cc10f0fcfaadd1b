import * as contract from '../../../../shared/src/contract/settings';
import { settings } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getLanguages } from '../../use-cases/get-languages';

const deps = { settings };

export const handler = httpHandler(contract.getLanguages, () => getLanguages(deps));
