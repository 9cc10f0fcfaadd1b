import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import {
  CognitoIdentityProviderClient, CreateGroupCommand, CreateUserPoolClientCommand, CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import pino from 'pino';
import { createServer } from 'cognito-local/lib/server/server';
import { Router } from 'cognito-local/lib/server/Router';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import { ROLES } from '../../shared/src/contract/route';
import { withGlobalSignOut } from './global-sign-out';
import { withSignInLockout } from './sign-in-lockout';
import { guardEmulator } from './cognito-iam-guard';
import type { Credentials } from './sigv4';

export interface CognitoLocalServices {
  cognito: { getUserPoolForClientId(ctx: unknown, clientId: string): Promise<UserPoolHandle>; getAppClient(ctx: unknown, clientId: string): Promise<Record<string, unknown> | null> };
  tokenGenerator: { generate(ctx: unknown, user: LocalUser, groups: readonly string[], client: unknown, meta: unknown, source: string): Promise<{ IdToken: string; AccessToken: string; RefreshToken: string }> };
}
export interface LocalUser { Username: string; Attributes: { Name: string; Value?: string }[]; Enabled?: boolean }
export interface UserPoolHandle {
  options: { Id: string };
  getUserByUsername(ctx: unknown, username: string): Promise<LocalUser | null>;
  listUsers(ctx: unknown): Promise<readonly LocalUser[]>;
  listUserGroupMembership(ctx: unknown, user: LocalUser): Promise<readonly string[]>;
  storeRefreshToken(ctx: unknown, token: string, user: LocalUser): Promise<void>;
}

export type TriggerHandler = (event: Record<string, unknown>) => Promise<unknown>;

export interface LocalCognito {
  /** cognito-local's own services, for the parts of Cognito it does not emulate (custom auth). */
  services: CognitoLocalServices;
  endpoint: string;
  issuer: string;
  userPoolId: string;
  userPoolClientId: string;
  stop(): Promise<void>;
}

/** Codes Cognito would e-mail or text (password reset, verification) land here and in the console. */
export interface Outbox { add(entry: { to: string; kind: string; code: string }): void }

/**
 * cognito-local, in-process, with its data under our data directory (its own entry point insists on
 * `.cognito` in the working directory). Triggers are invoked in-process, as Lambda would invoke them.
 */
export async function startCognito(opts: {
  port: number; dir: string; region: string; triggers?: Record<string, TriggerHandler>; outbox?: Outbox;
  /** The local cloud's own credentials: IAM-authorized operations must be signed with them, as in AWS. */
  credentials: Credentials;
}): Promise<LocalCognito> {
  mkdirSync(resolve(opts.dir, 'db'), { recursive: true });
  const logger = pino({ level: process.env.COGNITO_LOCAL_DEBUG ? 'debug' : 'silent' });
  const issuerDomain = `http://127.0.0.1:${opts.port}`;
  const triggerNames = Object.fromEntries(Object.keys(opts.triggers ?? {}).map((k) => [k, k]));
  const config = {
    LambdaClient: { region: opts.region },
    TriggerFunctions: triggerNames,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: issuerDomain },
    KMSConfig: { region: opts.region },
    ServerConfig: { port: opts.port, hostname: '127.0.0.1', development: false, https: false as const },
  };
  // Lambda's Invoke API, answered in-process by our trigger handlers.
  const lambdaClient = {
    invoke: ({ FunctionName, Payload }: { FunctionName: string; Payload: string }) => ({
      promise: async () => {
        const handler = opts.triggers?.[FunctionName];
        if (!handler) return { StatusCode: 404, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage: `no trigger ${FunctionName}` }) };
        try {
          return { StatusCode: 200, Payload: JSON.stringify(await handler(JSON.parse(Payload))) };
        } catch (e) {
          return { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage: (e as Error).message }) };
        }
      },
    }),
  };
  const codeOf = (m: { __code?: string }) => String(m.__code ?? '');
  const sender: MessageSender = {
    async sendEmail(_ctx, _user, destination, message) { opts.outbox?.add({ to: destination, kind: 'email', code: codeOf(message) }); },
    async sendSms(_ctx, _user, destination, message) { opts.outbox?.add({ to: destination, kind: 'sms', code: codeOf(message) }); },
  };

  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(resolve(opts.dir, 'db'));
  const cognitoFactory = new CognitoServiceFactoryImpl(resolve(opts.dir, 'db'), dataStoreFactory, new UserPoolServiceFactoryImpl(clock, dataStoreFactory));
  const ctx = { logger };
  const cognito = await cognitoFactory.create(ctx as never, config.UserPoolDefaults as never);
  const triggers = new TriggersService(clock, cognito, new LambdaService(config.TriggerFunctions, lambdaClient as never), new CryptoService(config.KMSConfig as never));
  const services = {
    clock, cognito, config: config as never, otp, triggers,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
  };
  // What Cognito does and the emulator lacks: global sign-out, and the lockout after wrong passwords.
  const router = withSignInLockout(withGlobalSignOut(Router(services as never), cognito), cognito);
  const server = createServer(router, logger as never, config.ServerConfig, services as never);
  const http = (await server.start()) as Server;
  guardEmulator(http, opts.credentials);
  const endpoint = `http://127.0.0.1:${opts.port}`;

  const ids = await ensurePool(endpoint, opts.region, resolve(opts.dir, 'pool.json'), opts.credentials);
  return {
    services: services as unknown as CognitoLocalServices,
    endpoint,
    issuer: `${issuerDomain}/${ids.userPoolId}`,
    ...ids,
    stop: () => new Promise<void>((r) => { http.closeAllConnections?.(); http.close(() => r()); }),
  };
}

/** The pool, its app client and the four role groups, created on first start and remembered. */
async function ensurePool(endpoint: string, region: string, stateFile: string, credentials: Credentials): Promise<{ userPoolId: string; userPoolClientId: string }> {
  if (existsSync(stateFile)) return JSON.parse(readFileSync(stateFile, 'utf8'));
  const client = new CognitoIdentityProviderClient({ endpoint, region, credentials });
  const pool = await client.send(new CreateUserPoolCommand({
    PoolName: 'ride-platform',
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    Policies: { PasswordPolicy: { MinimumLength: 6, RequireLowercase: false, RequireUppercase: false, RequireNumbers: false, RequireSymbols: false } },
  }));
  const userPoolId = pool.UserPool!.Id!;
  const app = await client.send(new CreateUserPoolClientCommand({
    UserPoolId: userPoolId, ClientName: 'web',
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  }));
  for (const role of ROLES) await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role }));
  client.destroy();
  const ids = { userPoolId, userPoolClientId: app.UserPoolClient!.ClientId! };
  writeFileSync(stateFile, JSON.stringify(ids, null, 2));
  return ids;
}
