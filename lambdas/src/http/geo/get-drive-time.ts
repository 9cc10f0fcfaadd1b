import * as contract from '../../../../shared/src/contract/geo';
import { geo } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getDriveTime } from '../../use-cases/get-drive-time';

const deps = { geo };

export const handler = httpHandler(contract.getDriveTime, ({ body }) => getDriveTime(deps, body));
