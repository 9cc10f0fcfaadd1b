import * as contract from '../../../../shared/src/contract/auth';
import { carTypes, identity, now, random, settings, uploads, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { signUpUser } from '../../use-cases/sign-up-user';

const deps = { carTypes, identity, now, random, settings, uploads, users };

export const handler = httpHandler(contract.userSignup, ({ body }) => signUpUser(deps, body));
