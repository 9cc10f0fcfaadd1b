import * as contract from '../../../../shared/src/contract/promos';
import { now, promos } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { addPromo } from '../../use-cases/add-promo';

const deps = { now, promos };

export const handler = httpHandler(contract.addPromo, ({ account, body }) => addPromo(deps, account, body));
