import type { Role } from '../../../shared/src/contract/route';

/** Who is calling, as the identity provider vouches for it: what use cases decide rights by. */
export interface Caller {
  uid: string;
  role: Role;
  email?: string;
  emailVerified: boolean;
  /**
   * When the token's session signed in (epoch seconds): `auth_time`, which a refreshed token keeps,
   * so a session ended on the server cannot come back by refreshing; `iat` when it is missing.
   */
  signedInAt?: number;
}
