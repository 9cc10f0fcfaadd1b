import './quiet-env';
import { parseArgs } from 'node:util';
import { isEmailGeneral } from '../shared/src/domain/email';
import { validatePassword } from '../shared/src/domain/password';
import * as deps from '../lambdas/src/composition-root';
import { createUserAccount } from '../lambdas/src/use-cases/create-user-account';

/**
 * Creates the first admin of a deployed stage (AWS or LocalStack): the Cognito user in the `admin`
 * group and its approved profile, in the same way the API's addUser does. Nobody can sign up as an
 * admin, and an admin is needed to make the next ones, so this is how a new stage gets its first.
 *
 *   TABLE_NAME=… USER_POOL_ID=… AWS_REGION=… ADMIN_PASSWORD=… \
 *     npm run create-admin -- --email ops@example.com --first Ada --last Admin [--mobile +15550000001]
 *
 * The password comes from ADMIN_PASSWORD (not an argument, so it stays out of shell history and
 * process lists). It reads the same variables the Lambdas do (COGNITO_ENDPOINT and
 * DYNAMODB_ENDPOINT for LocalStack) and uses the caller's AWS credentials.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      first: { type: 'string', default: 'Admin' },
      last: { type: 'string', default: 'User' },
      mobile: { type: 'string', default: '' },
    },
  });
  const missingEnv = ['TABLE_NAME', 'USER_POOL_ID', 'ADMIN_PASSWORD'].filter((k) => !process.env[k]);
  if (missingEnv.length) throw new Error(`set ${missingEnv.join(', ')} (the stack outputs TableName and UserPoolId; the new admin's password)`);
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!isEmailGeneral(email)) throw new Error('--email must be an e-mail address');
  const password = process.env.ADMIN_PASSWORD!;
  const check = validatePassword(password);
  if (!check.ok) throw new Error(`ADMIN_PASSWORD does not follow the password rule (${check.key}): 6 to 30 letters, digits, @ * #`);
  if (values.mobile && !/^\+\d{6,15}$/.test(values.mobile)) throw new Error('--mobile must be in E.164 form, e.g. +15550000001');

  if (await deps.users.emailOrMobileTaken(email, values.mobile ?? '')) {
    throw new Error(`${email}${values.mobile ? ` or ${values.mobile}` : ''} already has an account`);
  }
  console.log(`• Creating admin ${email} in user pool ${process.env.USER_POOL_ID} and table ${process.env.TABLE_NAME}`);
  const profile = await createUserAccount(deps, {
    firstName: values.first ?? 'Admin',
    lastName: values.last ?? 'User',
    email,
    mobile: values.mobile ?? '',
    password,
    usertype: 'admin',
    approved: true,
    emailVerified: true,
    loginType: 'email',
    createdByAdmin: true,
  });
  console.log(`Created admin ${profile.email} (uid ${profile.id}). Sign in on the site with that e-mail and ADMIN_PASSWORD.`);
}

main().catch((e) => {
  console.error(`Creating the admin failed: ${(e as Error).message}`);
  process.exit(1);
});
