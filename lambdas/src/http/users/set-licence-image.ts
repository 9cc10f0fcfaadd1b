import * as contract from '../../../../shared/src/contract/users';
import { driverDocuments, now, uploads, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { setLicenceImage } from '../../use-cases/set-licence-image';

const deps = { uploads, users, documents: driverDocuments, now };

export const handler = httpHandler(contract.setLicenceImage, ({ account, body }) => setLicenceImage(deps, account, body.key));
