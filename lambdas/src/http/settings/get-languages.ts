import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getLanguages } from '../../use-cases/get-languages';

export const handler = httpHandler(contract.getLanguages, () => getLanguages(deps));
