import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Node } from 'constructs';

/**
 * The repository root, found from this file's own location so that synth works from any working
 * directory (the CLI, vitest, an IDE) without a machine path in the code.
 */
export const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** A repo-relative path made absolute. */
export const fromRepo = (relative: string): string => path.join(repoRoot, relative);

/** Everything a deployment can vary, read once from CDK context (cdk.json or `-c key=value`). */
export interface AppConfig {
  /** Short stage name (dev, test, prod) used in stack and resource names. */
  stage: string;
  /** `<app>-<stage>`, the prefix of every named resource. */
  prefix: string;
  /** Origins allowed by CORS (REST API, uploads bucket). '*' until the site's domain is known. */
  siteOrigins: string[];
  facebook?: { appId: string; appSecret: string };
  apple?: { servicesId: string; teamId: string; keyId: string; privateKey: string };
  /** Cognito hosted-domain prefix; needed only when a federated provider is on. */
  authDomainPrefix?: string;
  oauthCallbackUrls: string[];
  licenseCheckUrl?: string;
  /** Where the web's maps open before the browser's location is known (context `mapCenter` "lat,lng"). */
  mapCenter?: { lat: number; lng: number };
  /**
   * The built-in test gateway plays the payment providers (context `testGateway`, default off).
   * It approves whatever its page is told to: for dev and test stages, never for real money.
   */
  testGateway: boolean;
  /** Stripe plays the `stripe` provider (context `stripe`); its keys go into the Stripe secret after deploy. */
  stripe: boolean;
  /**
   * Mobile push (SNS platform applications), each made only when its credentials' secret is given:
   * context `pushFcmSecretArn` (Android, FCM) and `pushApnsSecretArn` (iOS; `pushApnsSandbox` for
   * development builds). Without them devices are kept but nothing is pushed. `pushOutbox` keeps
   * pushes in the table outbox instead (LocalStack, where no push service exists).
   */
  push: { fcmSecretArn?: string; apnsSecretArn?: string; apnsSandbox: boolean; outbox: boolean };
  /** Where alarm notifications are e-mailed (context `alarmEmail`); without it the topic has no subscriber. */
  alarmEmail?: string;
}

const APP_NAME = 'ride-platform';

/** Context values are strings from the CLI and JSON values from cdk.json; '' means "not set". */
function text(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null) return undefined;
  const s = String(value).trim();
  return s === '' ? undefined : s;
}

function list(node: Node, key: string): string[] {
  return (text(node, key) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function requireAll<T extends Record<string, string | undefined>>(
  group: string,
  values: T,
): { [K in keyof T]: string } | undefined {
  const given = Object.entries(values).filter(([, v]) => v !== undefined);
  if (given.length === 0) return undefined;
  const missing = Object.entries(values)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length > 0) {
    throw new Error(`${group} sign-in is half configured: set context ${missing.join(', ')} as well`);
  }
  return values as { [K in keyof T]: string };
}

export function readAppConfig(node: Node): AppConfig {
  const stage = text(node, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,15}$/.test(stage)) {
    throw new Error(`context "stage" must be lower-case letters, digits or '-', at most 16 chars; got "${stage}"`);
  }
  const fb = requireAll('Facebook', {
    facebookAppId: text(node, 'facebookAppId'),
    facebookAppSecret: text(node, 'facebookAppSecret'),
  });
  const ap = requireAll('Apple', {
    appleServicesId: text(node, 'appleServicesId'),
    appleTeamId: text(node, 'appleTeamId'),
    appleKeyId: text(node, 'appleKeyId'),
    applePrivateKey: text(node, 'applePrivateKey'),
  });
  const alarmEmail = text(node, 'alarmEmail');
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
    throw new Error(`context "alarmEmail" must be an e-mail address; got "${alarmEmail}"`);
  }
  const origins = list(node, 'siteOrigins');
  const callbacks = list(node, 'oauthCallbackUrls');
  return {
    stage,
    prefix: `${APP_NAME}-${stage}`,
    siteOrigins: origins.length > 0 ? origins : ['*'],
    facebook: fb && { appId: fb.facebookAppId, appSecret: fb.facebookAppSecret },
    apple: ap && {
      servicesId: ap.appleServicesId,
      teamId: ap.appleTeamId,
      keyId: ap.appleKeyId,
      privateKey: ap.applePrivateKey,
    },
    authDomainPrefix: text(node, 'authDomainPrefix'),
    oauthCallbackUrls: callbacks.length > 0 ? callbacks : ['http://localhost:5173/'],
    licenseCheckUrl: text(node, 'licenseCheckUrl'),
    mapCenter: latLng(text(node, 'mapCenter')),
    testGateway: flag(node, 'testGateway'),
    stripe: flag(node, 'stripe'),
    push: { fcmSecretArn: text(node, 'pushFcmSecretArn'), apnsSecretArn: text(node, 'pushApnsSecretArn'), apnsSandbox: flag(node, 'pushApnsSandbox'), outbox: flag(node, 'pushOutbox') },
    alarmEmail,
  };
}

/** A yes/no context value: true, "true", "1", "on" or "yes"; anything else (or nothing) is off. */
function flag(node: Node, key: string): boolean {
  return ['true', '1', 'on', 'yes'].includes((text(node, key) ?? '').toLowerCase());
}

function latLng(value: string | undefined): { lat: number; lng: number } | undefined {
  if (!value) return undefined;
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
  const lat = Number(m?.[1]);
  const lng = Number(m?.[2]);
  if (!m || Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new Error(`context "mapCenter" must be "lat,lng"; got "${value}"`);
  return { lat, lng };
}
