import * as contract from '../../../../shared/src/contract/users';
import { license } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { verifyLicense } from '../../use-cases/verify-license';

const deps = { license };

export const handler = httpHandler(contract.verifyLicense, () => verifyLicense(deps));
