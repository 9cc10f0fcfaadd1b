import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { autocompletePlaces } from '../../use-cases/autocomplete-places';

export const handler = httpHandler(contract.autocomplete, ({ body }) => autocompletePlaces(deps, body));
