import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Node } from 'constructs';
import { isOrigin } from '../../shared/src/contract/security-headers';

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
  /**
   * Origins besides the site's CloudFront domain that CORS allows (REST API, uploads bucket):
   * the custom domain and context `siteOrigins` (comma-separated `https://host[:port]`). Never '*'.
   * The site itself calls the API on its own origin (CloudFront's /api/*), which needs no CORS.
   */
  siteOrigins: string[];
  /**
   * What the stage's name turns on: `prod` is the production profile, every other name (dev, test,
   * local, a developer's own) the development one.
   */
  profile: StageProfile;
  /**
   * Facebook sign-in: the app id, and the app secret as a Secrets Manager secret (ARN or name,
   * context `facebookAppSecretArn`) that CloudFormation resolves at deploy time, so the secret
   * never appears in a template or in cdk.out.
   */
  facebook?: { appId: string; appSecretArn: string };
  /** Sign in with Apple; the private key (.p8 contents) is a Secrets Manager secret, as for Facebook. */
  apple?: { servicesId: string; teamId: string; keyId: string; privateKeySecretArn: string };
  /**
   * The site's own domain (context `domainName`, `certificateArn`: an ACM certificate in us-east-1,
   * as CloudFront requires; optional `hostedZoneId` for a Route 53 alias). Without it the site is
   * served on CloudFront's default domain.
   */
  domain?: { name: string; certificateArn: string; hostedZoneId?: string };
  /**
   * AWS WAF rate limit: requests per client IP in any 5 minutes before WAF blocks it, on the
   * CloudFront distribution and the REST API (context `wafRateLimit`, default 2000).
   */
  wafRateLimit: number;
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
  /**
   * The address trip receipts are sent from through SES (context `emailFrom`); the app makes it an
   * SES identity (AWS e-mails it a verification link). Without it no e-mail is sent.
   */
  emailFrom?: string;
  /**
   * The stage runs where nothing can leave and no queue, scheduler or Location service exists: the
   * local cloud's deployed mode (context `localStandIns`). Every function is told to keep SMS,
   * e-mail and pushes in the table outbox, keep timers as table items and find places offline.
   */
  localStandIns: boolean;
}

const APP_NAME = 'ride-platform';

/** What a stage is allowed to lose, and how long it keeps its logs. */
export interface StageProfile {
  /** `prod`: data survives a stack delete, and cannot be deleted by accident. */
  production: boolean;
  /** Table, uploads bucket and user pool are kept when their stack is deleted (RemovalPolicy.RETAIN). */
  retainData: boolean;
  /** DynamoDB and Cognito deletion protection: a delete call fails until it is switched off. */
  deletionProtection: boolean;
  /** Days Lambda, API access and WAF logs are kept (a value CloudWatch Logs accepts). */
  logRetentionDays: number;
  /**
   * Cognito threat protection (Plus feature plan, enforced for password sign-in): risky sign-ins
   * are blocked and compromised credentials refused. A per-user cost, so production only.
   */
  threatProtection: boolean;
}

/** The stage names with their own profile; any other name gets the development profile. */
export const STAGE_PROFILES: Readonly<Record<'dev' | 'prod', StageProfile>> = {
  dev: { production: false, retainData: false, deletionProtection: false, logRetentionDays: 30, threatProtection: false },
  prod: { production: true, retainData: true, deletionProtection: true, logRetentionDays: 365, threatProtection: true },
};

export const profileOf = (stage: string): StageProfile => (stage === 'prod' ? STAGE_PROFILES.prod : STAGE_PROFILES.dev);

/** The default `wafRateLimit`: per IP in 5 minutes (a browser loading the app and using it stays far below). */
export const DEFAULT_WAF_RATE_LIMIT = 2000;

/**
 * Every context key the app reads, for the deploy guide's drift test (tests/infra) and for people:
 * a key missing here is a key the guide cannot document.
 */
export const CONTEXT_KEYS = [
  'stage', 'siteOrigins', 'domainName', 'certificateArn', 'hostedZoneId',
  'facebookAppId', 'facebookAppSecretArn', 'appleServicesId', 'appleTeamId', 'appleKeyId', 'applePrivateKeySecretArn',
  'authDomainPrefix', 'oauthCallbackUrls', 'licenseCheckUrl', 'mapCenter', 'testGateway', 'stripe',
  'pushFcmSecretArn', 'pushApnsSecretArn', 'pushApnsSandbox', 'pushOutbox', 'alarmEmail', 'emailFrom', 'wafRateLimit',
  'localStandIns',
] as const;

/** Context keys of earlier versions that put a secret's value into the template; refused with a pointer. */
const RETIRED_SECRET_KEYS: Readonly<Record<string, string>> = {
  facebookAppSecret: 'facebookAppSecretArn',
  applePrivateKey: 'applePrivateKeySecretArn',
};

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
    throw new Error(`${group} is half configured: set context ${missing.join(', ')} as well`);
  }
  return values as { [K in keyof T]: string };
}

export function readAppConfig(node: Node): AppConfig {
  const stage = text(node, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,15}$/.test(stage)) {
    throw new Error(`context "stage" must be lower-case letters, digits or '-', at most 16 chars; got "${stage}"`);
  }
  for (const [retired, replacement] of Object.entries(RETIRED_SECRET_KEYS)) {
    if (text(node, retired) !== undefined) {
      throw new Error(
        `context "${retired}" is no longer accepted: it would put the secret into the template. ` +
          `Store it in AWS Secrets Manager (a plain-text secret) and pass its ARN or name as "${replacement}" instead.`,
      );
    }
  }
  const fb = requireAll('Facebook sign-in', {
    facebookAppId: text(node, 'facebookAppId'),
    facebookAppSecretArn: text(node, 'facebookAppSecretArn'),
  });
  const ap = requireAll('Apple sign-in', {
    appleServicesId: text(node, 'appleServicesId'),
    appleTeamId: text(node, 'appleTeamId'),
    appleKeyId: text(node, 'appleKeyId'),
    applePrivateKeySecretArn: text(node, 'applePrivateKeySecretArn'),
  });
  const site = requireAll('The custom domain', {
    domainName: text(node, 'domainName'),
    certificateArn: text(node, 'certificateArn'),
  });
  const hostedZoneId = text(node, 'hostedZoneId');
  if (hostedZoneId && !site) throw new Error('context "hostedZoneId" needs "domainName" and "certificateArn" as well');
  if (site && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(site.certificateArn)) {
    throw new Error(`context "certificateArn" must be an ACM certificate in us-east-1 (CloudFront only uses those); got "${site.certificateArn}"`);
  }
  if (site && !/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(site.domainName)) {
    throw new Error(`context "domainName" must be a lower-case DNS name such as app.example.com; got "${site.domainName}"`);
  }
  const wafRateLimit = Number(text(node, 'wafRateLimit') ?? DEFAULT_WAF_RATE_LIMIT);
  // AWS WAF accepts 10 to 2,000,000,000 requests per evaluation window.
  if (!Number.isInteger(wafRateLimit) || wafRateLimit < 10 || wafRateLimit > 2_000_000_000) {
    throw new Error(`context "wafRateLimit" must be a whole number of requests from 10 to 2000000000; got "${text(node, 'wafRateLimit')}"`);
  }
  const alarmEmail = text(node, 'alarmEmail');
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
    throw new Error(`context "alarmEmail" must be an e-mail address; got "${alarmEmail}"`);
  }
  const emailFrom = text(node, 'emailFrom');
  if (emailFrom !== undefined && !/^[^@\s<>"]+@[^@\s<>"]+\.[^@\s<>"]+$/.test(emailFrom)) {
    throw new Error(`context "emailFrom" must be an e-mail address such as receipts@example.com; got "${emailFrom}"`);
  }
  const origins = list(node, 'siteOrigins');
  for (const o of origins) {
    if (!isOrigin(o)) throw new Error(`context "siteOrigins" takes origins such as https://app.example.com (never '*'); got "${o}"`);
  }
  const callbacks = list(node, 'oauthCallbackUrls');
  return {
    stage,
    prefix: `${APP_NAME}-${stage}`,
    profile: profileOf(stage),
    siteOrigins: [...new Set([...(site ? [`https://${site.domainName}`] : []), ...origins])],
    facebook: fb && { appId: fb.facebookAppId, appSecretArn: fb.facebookAppSecretArn },
    apple: ap && {
      servicesId: ap.appleServicesId,
      teamId: ap.appleTeamId,
      keyId: ap.appleKeyId,
      privateKeySecretArn: ap.applePrivateKeySecretArn,
    },
    domain: site && { name: site.domainName, certificateArn: site.certificateArn, ...(hostedZoneId ? { hostedZoneId } : {}) },
    wafRateLimit,
    authDomainPrefix: text(node, 'authDomainPrefix'),
    // Social sign-in returns to the site: its own domain when it has one.
    oauthCallbackUrls: callbacks.length > 0 ? callbacks : site ? [`https://${site.domainName}/`] : ['http://localhost:5173/'],
    licenseCheckUrl: text(node, 'licenseCheckUrl'),
    mapCenter: latLng(text(node, 'mapCenter')),
    testGateway: flag(node, 'testGateway'),
    stripe: flag(node, 'stripe'),
    push: { fcmSecretArn: text(node, 'pushFcmSecretArn'), apnsSecretArn: text(node, 'pushApnsSecretArn'), apnsSandbox: flag(node, 'pushApnsSandbox'), outbox: flag(node, 'pushOutbox') },
    alarmEmail,
    emailFrom,
    localStandIns: localStandInsOf(node),
  };
}

/** Whether the stage has local stand-ins (context `localStandIns`): what its functions are bundled with depends on it too. */
export function localStandInsOf(node: Node): boolean {
  return flag(node, 'localStandIns');
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
