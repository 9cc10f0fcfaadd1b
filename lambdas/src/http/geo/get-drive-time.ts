import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { getDriveTime } from '../../use-cases/get-drive-time';

export const handler = httpHandler(contract.getDriveTime, ({ body }) => getDriveTime(deps, body));
