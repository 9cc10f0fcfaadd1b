import * as z from '../../shared/src/contract/zod';

/**
 * Environment read and validated once, on first use (not at import) so that the local cloud can
 * set the environment before the first request. Endpoints are optional: in AWS the SDK resolves
 * them; the local cloud points them at its emulators. The schema itself is made then too: fifty
 * fields are work a function's load need not do.
 */
const envSchema = () => z.object({
  TABLE_NAME: z.string().check(z.minLength(1)),
  AWS_REGION: z._default(z.string(), 'us-east-1'),
  DYNAMODB_ENDPOINT: z.optional(z.string().check(z.url())),
  /** Empty for Cognito's own triggers, which cannot be told their pool's id (circular reference). */
  USER_POOL_ID: z._default(z.string(), ''),
  USER_POOL_CLIENT_ID: z._default(z.string(), ''),
  COGNITO_ENDPOINT: z.optional(z.string().check(z.url())),
  /** Token issuer; JWKS is read from `<issuer>/.well-known/jwks.json`. Defaults to the regional Cognito issuer. */
  JWT_ISSUER: z.optional(z.string().check(z.url())),
  UPLOAD_BUCKET: z._default(z.string(), ''),
  S3_ENDPOINT: z.optional(z.string().check(z.url())),
  WS_CALLBACK_URL: z._default(z.string(), ''),
  /** The deployer's licence-check endpoint (CDK context `licenseCheckUrl`); none means the check passes. */
  LICENSE_CHECK_URL: z.optional(z.string()),
  /** Identifies this deployment to the licence check. */
  POWERTOOLS_SERVICE_NAME: z._default(z.string(), 'ride-platform'),
  /** How SMS leave: through SNS, or into the table's outbox where no SMS can be sent. */
  SMS_DELIVERY: z._default(z.enum(['sns', 'outbox']), 'sns'),
  /** How pushes leave: SNS mobile push, or into the table's outbox where nothing can be pushed. */
  PUSH_DELIVERY: z._default(z.enum(['sns', 'outbox']), 'sns'),
  /**
   * How e-mail (trip receipts) leaves: through SES from EMAIL_FROM, into the table's outbox where no
   * e-mail can be sent, or not at all (a stage with no sender address).
   */
  EMAIL_DELIVERY: z._default(z.enum(['ses', 'outbox', 'off']), 'off'),
  /** The SES-verified address e-mail is sent from (with EMAIL_DELIVERY=ses); "Name <address>" works too. */
  EMAIL_FROM: z.optional(z.string().check(z.minLength(3))),
  /**
   * With `outbox` delivery: browsers whose Web Push subscription points at this machine get real
   * Web Push instead (the local cloud, so a browser test can receive one). Off in AWS.
   */
  WEB_PUSH_LOOPBACK: z._default(z.enum(['on', 'off']), 'off'),
  /** SNS platform applications (FCM for ANDROID, APNs for IOS); empty when the stage has no credentials for one. */
  PUSH_ANDROID_APP_ARN: z._default(z.string(), ''),
  PUSH_IOS_APP_ARN: z._default(z.string(), ''),
  SNS_ENDPOINT: z.optional(z.string().check(z.url())),
  PLACE_INDEX_NAME: z._default(z.string(), ''),
  ROUTE_CALCULATOR_NAME: z._default(z.string(), ''),
  /** Amazon Location's region when it differs from the functions' (the local cloud's is a fixed stand-in). */
  LOCATION_REGION: z.optional(z.string()),
  /** An Amazon Location API key: calls carry it instead of a SigV4 signature (the local platform without AWS credentials). */
  LOCATION_API_KEY: z._default(z.string(), ''),
  /** Places and routes: Amazon Location, or the offline gazetteer where no Location service exists. */
  GEO_PROVIDER: z._default(z.enum(['location', 'offline']), 'location'),
  /** Timers: SQS and EventBridge Scheduler, or table items a runner polls where neither exists. */
  JOB_DELIVERY: z._default(z.enum(['aws', 'table']), 'aws'),
  JOB_QUEUE_URL: z._default(z.string(), ''),
  JOB_QUEUE_ARN: z._default(z.string(), ''),
  SCHEDULER_ROLE_ARN: z._default(z.string(), ''),
  SCHEDULE_GROUP: z._default(z.string(), 'default'),
  SQS_ENDPOINT: z.optional(z.string().check(z.url())),
  /**
   * The built-in test gateway plays every provider that has no real adapter switched on. It
   * approves whatever its page is told to, so it is for the local cloud, tests and dev stages only.
   */
  PAYMENT_TEST_GATEWAY: z._default(z.enum(['on', 'off']), 'off'),
  /** Stripe's adapter plays the `stripe` provider (keys in the Stripe secret). */
  STRIPE: z._default(z.enum(['on', 'off']), 'off'),
  /** Where secrets live: Secrets Manager (by ARN), or the environment where no secret store exists. */
  SECRETS_SOURCE: z._default(z.enum(['aws', 'env']), 'aws'),
  TEST_GATEWAY_SECRET_ARN: z._default(z.string(), ''),
  STRIPE_SECRET_ARN: z._default(z.string(), ''),
  TEST_GATEWAY_SECRET: z._default(z.string(), ''),
  /** JSON {"apiKey","webhookSecret"}, for SECRETS_SOURCE=env. */
  STRIPE_SECRET: z._default(z.string(), ''),
  /** Web Push's VAPID keys: the secret's ARN (SECRETS_SOURCE=aws), or its JSON {"publicKey","privateKey","subject"} (env). */
  WEB_PUSH_SECRET_ARN: z._default(z.string(), ''),
  WEB_PUSH_VAPID: z._default(z.string(), ''),
  /** Site origins (comma-separated, `*` for any) a provider may send the browser back to. */
  SITE_ORIGINS: z._default(z.string(), '*'),
  SCHEDULER_ENDPOINT: z.optional(z.string().check(z.url())),
  /** The site's address, for links sent outside the site (a parcel recipient's trip link by SMS); none sends no such SMS. */
  SITE_URL: z.optional(z.string().check(z.url())),
});
export type Config = z.infer<ReturnType<typeof envSchema>> & { jwtIssuer: string };

let cached: Config | undefined;

/**
 * The SDK's own per-service endpoint variables (`AWS_ENDPOINT_URL_<SERVICE>`), which a runtime off
 * AWS sets (the local cloud's deployed mode): each fills in the project's endpoint variable when that
 * is not set, so the adapters that need to know (S3's path-style addressing) see it too.
 */
const SDK_ENDPOINT_VARIABLES = {
  DYNAMODB_ENDPOINT: 'AWS_ENDPOINT_URL_DYNAMODB', COGNITO_ENDPOINT: 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  S3_ENDPOINT: 'AWS_ENDPOINT_URL_S3', SNS_ENDPOINT: 'AWS_ENDPOINT_URL_SNS', SQS_ENDPOINT: 'AWS_ENDPOINT_URL_SQS',
  SCHEDULER_ENDPOINT: 'AWS_ENDPOINT_URL_SCHEDULER',
} as const;

export function config(): Config {
  if (!cached) {
    const source: Record<string, string | undefined> = { ...process.env };
    for (const [name, sdkName] of Object.entries(SDK_ENDPOINT_VARIABLES)) source[name] ??= process.env[sdkName];
    const env = envSchema().parse(source);
    cached = {
      ...env,
      // A user pool's issuer is its Cognito endpoint and its id, in AWS and in an emulator the runtime points the SDK at.
      jwtIssuer: env.JWT_ISSUER ?? `${process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? `https://cognito-idp.${env.AWS_REGION}.amazonaws.com`}/${env.USER_POOL_ID}`,
    };
  }
  return cached;
}

/** For the local cloud and tests that change the environment after a first read. */
export function resetConfig(): void {
  cached = undefined;
}
