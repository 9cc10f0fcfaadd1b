import * as contract from '../../../../shared/src/contract/system';
import { now, probe } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getHealth } from '../../use-cases/get-health';

const deps = { now, probe };

export const handler = httpHandler(contract.getHealth, () => getHealth(deps));
