/**
 * The Amplify APIs this site calls, in one module that configure-auth imports dynamically. Named
 * imports keep tree-shaking: `import('aws-amplify/auth')` itself would pull in every Auth API.
 */
export { Amplify } from 'aws-amplify';
export {
  confirmResetPassword,
  confirmSignIn,
  confirmUserAttribute,
  fetchAuthSession,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signInWithRedirect,
  signOut,
} from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';
