import type { RuntimeConfig } from '../config/load-config';

type AmplifyApi = typeof import('./amplify-api');

/** The parts of Amplify this site uses: the Auth APIs, and Hub for their events. */
export interface AmplifyAuth {
  auth: Omit<AmplifyApi, 'Amplify' | 'Hub'>;
  Hub: AmplifyApi['Hub'];
}

/**
 * Amplify's Cognito keys in localStorage all start with this (tokens, the last user, an OAuth
 * redirect in flight): `CognitoIdentityServiceProvider.<clientId>.…`.
 */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider';

let settings: { config: RuntimeConfig; origin: string } | null = null;
let loading: Promise<AmplifyAuth> | null = null;
let loaded: AmplifyAuth | null = null;
const waiting = new Set<(amplify: AmplifyAuth) => void>();

/**
 * Amplify is used for Auth only (architecture §8); the endpoint points at cognito-local locally.
 * OAuth (Facebook and Apple through the Cognito hosted domain) is configured only when the
 * deployment names a domain; the redirect comes back to /login, which finishes the sign-in.
 *
 * Only remembers the settings: Amplify (~40 kB gzip) is fetched and configured by `loadAuth`, the
 * first time something needs it, so a signed-out visitor's first page does not carry it.
 */
export function configureAuth(config: RuntimeConfig, origin = window.location.origin): void {
  settings = { config, origin };
}

function amplifyConfig({ config, origin }: { config: RuntimeConfig; origin: string }) {
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: {
          email: true,
          ...(config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: ['openid', 'email', 'profile'],
                  redirectSignIn: [`${origin}/login`],
                  redirectSignOut: [`${origin}/`],
                  responseType: 'code' as const,
                },
              }
            : {}),
        },
      },
    },
  };
}

/** Amplify, imported and configured once; a failed chunk load is retried on the next call. */
export function loadAuth(): Promise<AmplifyAuth> {
  loading ??= import('./amplify-api')
    .then(({ Amplify, Hub, ...auth }) => {
      if (!settings) throw new Error('configureAuth must run before Amplify is used');
      const amplify: AmplifyAuth = { auth, Hub };
      // Hub listeners first: configuring with OAuth finishes a social redirect, and its
      // signInWithRedirect event must find the auth context listening.
      loaded = amplify;
      for (const notify of waiting) notify(amplify);
      waiting.clear();
      Amplify.configure(amplifyConfig(settings));
      return amplify;
    })
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}

/** Calls `listener` once Amplify is loaded (at once if it already is); returns an unsubscribe. */
export function whenAuthLoaded(listener: (amplify: AmplifyAuth) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => undefined;
  }
  waiting.add(listener);
  return () => waiting.delete(listener);
}

/**
 * Whether Amplify could find a session: it keeps tokens, and an OAuth redirect in flight, under
 * the app client's keys in localStorage. None there means signed out, known without loading
 * Amplify. Once Amplify is loaded it is always asked; unreadable storage asks it too.
 */
export function mayHaveSession(): boolean {
  if (loaded || !settings) return true;
  const prefix = `${AMPLIFY_KEY_PREFIX}.${settings.config.userPoolClientId}.`;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i)?.startsWith(prefix)) return true;
    }
    return false;
  } catch {
    return true;
  }
}
