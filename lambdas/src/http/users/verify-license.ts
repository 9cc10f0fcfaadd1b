import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { verifyLicense } from '../../use-cases/verify-license';

export const handler = httpHandler(contract.verifyLicense, () => verifyLicense(deps));
