import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { signUpUser } from '../../use-cases/sign-up-user';

export const handler = httpHandler(contract.userSignup, ({ body }) => signUpUser(deps, body));
