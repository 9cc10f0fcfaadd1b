import * as contract from '../../../../shared/src/contract/users';
import { uploads, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchLicenceImage } from '../../use-cases/fetch-licence-image';

const deps = { uploads, users };

export const handler = httpHandler(contract.fetchLicenceImage, ({ account, params }) => fetchLicenceImage(deps, account, params.id));
