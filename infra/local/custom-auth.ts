import { randomBytes } from 'node:crypto';
import type { CognitoLocalServices, LocalUser } from './cognito';

type Trigger = (event: any) => Promise<any>;
export interface CustomAuthTriggers { define: Trigger; create: Trigger; verify: Trigger }

interface Session {
  user: LocalUser;
  clientId: string;
  userPoolId: string;
  rounds: { challengeName: string; challengeResult: boolean; challengeMetadata?: string }[];
  privateParameters: Record<string, string>;
  expires: number;
}

const SESSION_TTL_MS = 3 * 60 * 1000;
const ctx = { logger: { debug() {}, info() {}, warn() {}, error() {}, child() { return this; } } };

export interface CognitoReply { status: number; body: unknown }

/**
 * cognito-local has no CUSTOM_AUTH, so the local cloud plays Cognito's part of the flow around our
 * own define/create/verify trigger handlers, with Cognito's wire format: InitiateAuth(CUSTOM_AUTH)
 * → CUSTOM_CHALLENGE with a Session, RespondToAuthChallenge → next challenge, failure or tokens.
 */
export function customAuthEmulator(services: CognitoLocalServices, triggers: CustomAuthTriggers) {
  const sessions = new Map<string, Session>();

  const error = (type: string, message: string): CognitoReply => ({ status: 400, body: { __type: type, message } });

  async function findUser(clientId: string, username: string): Promise<{ user: LocalUser; userPoolId: string } | undefined> {
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const direct = await pool.getUserByUsername(ctx, username);
    if (direct) return { user: direct, userPoolId: pool.options.Id };
    const attr = username.startsWith('+') ? 'phone_number' : 'email';
    const users = await pool.listUsers(ctx);
    const user = users.find((u) => u.Attributes.some((a) => a.Name === attr && a.Value?.toLowerCase() === username.toLowerCase()));
    return user ? { user, userPoolId: pool.options.Id } : undefined;
  }

  const baseEvent = (s: Session, triggerSource: string) => ({
    version: '1', region: 'local', userPoolId: s.userPoolId, userName: s.user.Username, triggerSource,
    callerContext: { awsSdkVersion: 'local', clientId: s.clientId },
    request: { userAttributes: Object.fromEntries(s.user.Attributes.map((a) => [a.Name, a.Value ?? ''])), session: s.rounds },
    response: {},
  });

  async function nextChallenge(sessionId: string, s: Session): Promise<CognitoReply> {
    const defined = (await triggers.define(baseEvent(s, 'DefineAuthChallenge_Authentication'))).response;
    if (defined.issueTokens) {
      sessions.delete(sessionId);
      const pool = await services.cognito.getUserPoolForClientId(ctx, s.clientId);
      const client = await services.cognito.getAppClient(ctx, s.clientId);
      const groups = await pool.listUserGroupMembership(ctx, s.user);
      const tokens = await services.tokenGenerator.generate(ctx, s.user, groups, client, {}, 'Authentication');
      await pool.storeRefreshToken(ctx, tokens.RefreshToken, s.user);
      return { status: 200, body: { ChallengeParameters: {}, AuthenticationResult: { ...tokens, ExpiresIn: 3600, TokenType: 'Bearer' } } };
    }
    if (defined.failAuthentication || defined.challengeName !== 'CUSTOM_CHALLENGE') {
      sessions.delete(sessionId);
      return error('NotAuthorizedException', 'Incorrect username or password.');
    }
    let created;
    try {
      created = (await triggers.create({ ...baseEvent(s, 'CreateAuthChallenge_Authentication'), request: { ...baseEvent(s, '').request, challengeName: 'CUSTOM_CHALLENGE' } })).response;
    } catch (e) {
      sessions.delete(sessionId);
      return error('UserLambdaValidationException', `CreateAuthChallenge failed with error ${(e as Error).message}.`);
    }
    s.privateParameters = created.privateChallengeParameters ?? {};
    s.rounds.push({ challengeName: 'CUSTOM_CHALLENGE', challengeResult: false, challengeMetadata: created.challengeMetadata });
    return { status: 200, body: { ChallengeName: 'CUSTOM_CHALLENGE', Session: sessionId, ChallengeParameters: { ...created.publicChallengeParameters, USERNAME: s.user.Username } } };
  }

  return {
    /** Returns a reply when the call is part of custom auth, undefined to let cognito-local answer. */
    async handle(target: string, input: any): Promise<CognitoReply | undefined> {
      if (target === 'InitiateAuth' && input?.AuthFlow === 'CUSTOM_AUTH') {
        const username = String(input.AuthParameters?.USERNAME ?? '');
        const found = await findUser(String(input.ClientId), username);
        if (!found) return error('UserNotFoundException', 'User does not exist.');
        if (found.user.Enabled === false) return error('NotAuthorizedException', 'User is disabled.');
        const id = randomBytes(24).toString('base64url');
        const session: Session = { ...found, clientId: String(input.ClientId), rounds: [], privateParameters: {}, expires: Date.now() + SESSION_TTL_MS };
        sessions.set(id, session);
        // Amplify's CUSTOM_WITHOUT_SRP starts with an empty session: define decides the first challenge.
        session.rounds = [];
        return nextChallenge(id, session);
      }
      if (target === 'RespondToAuthChallenge' && input?.ChallengeName === 'CUSTOM_CHALLENGE') {
        const id = String(input.Session ?? '');
        const s = sessions.get(id);
        if (!s || s.expires < Date.now()) {
          sessions.delete(id);
          return error('NotAuthorizedException', 'Invalid session for the user, session is expired.');
        }
        let verified;
        try {
          verified = (await triggers.verify({
            ...baseEvent(s, 'VerifyAuthChallengeResponse_Authentication'),
            request: { ...baseEvent(s, '').request, privateChallengeParameters: s.privateParameters, challengeAnswer: String(input.ChallengeResponses?.ANSWER ?? '') },
          })).response;
        } catch (e) {
          // As Cognito answers a trigger that throws: the sign-in fails with the trigger's message.
          sessions.delete(id);
          return error('UserLambdaValidationException', `VerifyAuthChallengeResponse failed with error ${(e as Error).message}.`);
        }
        s.rounds[s.rounds.length - 1]!.challengeResult = Boolean(verified.answerCorrect);
        return nextChallenge(id, s);
      }
      return undefined;
    },
  };
}
