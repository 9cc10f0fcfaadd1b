/**
 * `/config.json`: written next to the site by CDK at deploy time and served by the local cloud,
 * read by the web before its first paint (by hand, without zod: `web/src/config/load-config.ts`).
 * One build serves every stage; this is the shape every writer produces.
 */
export interface RuntimeConfigFile {
  /** Absolute, or a same-origin path when a CDN routes /api to the gateway. */
  apiUrl: string;
  wsUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** "" for "use the AWS default endpoint". */
  cognitoEndpoint: string;
  /** The local cloud signs in with passwords in the clear (cognito-local has no SRP); AWS uses SRP. */
  authFlowType: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  /** 'offline' (a basemap drawn from bundled country shapes) or a MapLibre style URL (Amazon Location in AWS). */
  mapStyle: string;
  /** 'offline' when place search is the offline gazetteer, which knows cities and towns only; absent for Amazon Location. */
  places?: 'offline';
  /** Where maps open when the browser's location is unknown. */
  mapCenter?: { lat: number; lng: number };
  /**
   * Cognito hosted domain for federated sign-in (Facebook, Apple), e.g.
   * `ride-prod.auth.eu-west-1.amazoncognito.com`. Absent when no identity provider is set up.
   */
  oauthDomain?: string;
  /** True when the user pool has the Apple identity provider: the sign-in page then offers it. */
  appleSignIn?: boolean;
}
