import * as contract from '../../../../shared/src/contract/geo';
import { geo } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { autocompletePlaces } from '../../use-cases/autocomplete-places';

const deps = { geo };

export const handler = httpHandler(contract.autocomplete, ({ body }) => autocompletePlaces(deps, body));
