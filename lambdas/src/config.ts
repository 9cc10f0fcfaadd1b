import * as z from 'zod';

/**
 * Environment read and validated once, on first use (not at import) so that the local cloud can
 * set the environment before the first request. Endpoints are optional: in AWS the SDK resolves
 * them; the local cloud points them at its emulators.
 */
const Env = z.object({
  TABLE_NAME: z.string().min(1),
  AWS_REGION: z.string().default('us-east-1'),
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  /** Empty for Cognito's own triggers, which cannot be told their pool's id (circular reference). */
  USER_POOL_ID: z.string().default(''),
  USER_POOL_CLIENT_ID: z.string().default(''),
  COGNITO_ENDPOINT: z.string().url().optional(),
  /** Token issuer; JWKS is read from `<issuer>/.well-known/jwks.json`. Defaults to the regional Cognito issuer. */
  JWT_ISSUER: z.string().url().optional(),
  UPLOAD_BUCKET: z.string().default(''),
  S3_ENDPOINT: z.string().url().optional(),
  WS_CALLBACK_URL: z.string().default(''),
  /** The deployer's licence-check endpoint (CDK context `licenseCheckUrl`); none means the check passes. */
  LICENSE_CHECK_URL: z.string().optional(),
  /** Identifies this deployment to the licence check. */
  POWERTOOLS_SERVICE_NAME: z.string().default('ride-platform'),
  /** How SMS leave: through SNS, or into the table's outbox where no SMS can be sent. */
  SMS_DELIVERY: z.enum(['sns', 'outbox']).default('sns'),
  /** How pushes leave: SNS mobile push, or into the table's outbox where nothing can be pushed. */
  PUSH_DELIVERY: z.enum(['sns', 'outbox']).default('sns'),
  /**
   * How e-mail (trip receipts) leaves: into the table's outbox where no e-mail can be sent, or not
   * at all. No AWS sender is wired yet (an SES adapter needs the SES client package), so AWS stages
   * send none.
   */
  EMAIL_DELIVERY: z.enum(['outbox', 'off']).default('off'),
  /**
   * With `outbox` delivery: browsers whose Web Push subscription points at this machine get real
   * Web Push instead (the local cloud, so a browser test can receive one). Off in AWS.
   */
  WEB_PUSH_LOOPBACK: z.enum(['on', 'off']).default('off'),
  /** SNS platform applications (FCM for ANDROID, APNs for IOS); empty when the stage has no credentials for one. */
  PUSH_ANDROID_APP_ARN: z.string().default(''),
  PUSH_IOS_APP_ARN: z.string().default(''),
  SNS_ENDPOINT: z.string().url().optional(),
  PLACE_INDEX_NAME: z.string().default(''),
  ROUTE_CALCULATOR_NAME: z.string().default(''),
  /** Amazon Location's region when it differs from the functions' (the local cloud's is a fixed stand-in). */
  LOCATION_REGION: z.string().optional(),
  /** An Amazon Location API key: calls carry it instead of a SigV4 signature (the local platform without AWS credentials). */
  LOCATION_API_KEY: z.string().default(''),
  /** Places and routes: Amazon Location, or the offline gazetteer where no Location service exists. */
  GEO_PROVIDER: z.enum(['location', 'offline']).default('location'),
  /** Timers: SQS and EventBridge Scheduler, or table items a runner polls where neither exists. */
  JOB_DELIVERY: z.enum(['aws', 'table']).default('aws'),
  JOB_QUEUE_URL: z.string().default(''),
  JOB_QUEUE_ARN: z.string().default(''),
  SCHEDULER_ROLE_ARN: z.string().default(''),
  SCHEDULE_GROUP: z.string().default('default'),
  SQS_ENDPOINT: z.string().url().optional(),
  /**
   * The built-in test gateway plays every provider that has no real adapter switched on. It
   * approves whatever its page is told to, so it is for the local cloud, tests and dev stages only.
   */
  PAYMENT_TEST_GATEWAY: z.enum(['on', 'off']).default('off'),
  /** Stripe's adapter plays the `stripe` provider (keys in the Stripe secret). */
  STRIPE: z.enum(['on', 'off']).default('off'),
  /** Where secrets live: Secrets Manager (by ARN), or the environment where no secret store exists. */
  SECRETS_SOURCE: z.enum(['aws', 'env']).default('aws'),
  TEST_GATEWAY_SECRET_ARN: z.string().default(''),
  STRIPE_SECRET_ARN: z.string().default(''),
  TEST_GATEWAY_SECRET: z.string().default(''),
  /** JSON {"apiKey","webhookSecret"}, for SECRETS_SOURCE=env. */
  STRIPE_SECRET: z.string().default(''),
  /** Web Push's VAPID keys: the secret's ARN (SECRETS_SOURCE=aws), or its JSON {"publicKey","privateKey","subject"} (env). */
  WEB_PUSH_SECRET_ARN: z.string().default(''),
  WEB_PUSH_VAPID: z.string().default(''),
  /** Site origins (comma-separated, `*` for any) a provider may send the browser back to. */
  SITE_ORIGINS: z.string().default('*'),
  SCHEDULER_ENDPOINT: z.string().url().optional(),
});
export type Config = z.infer<typeof Env> & { jwtIssuer: string };

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const env = Env.parse(process.env);
    cached = {
      ...env,
      jwtIssuer: env.JWT_ISSUER ?? `https://cognito-idp.${env.AWS_REGION}.amazonaws.com/${env.USER_POOL_ID}`,
    };
  }
  return cached;
}

/** For the local cloud and tests that change the environment after a first read. */
export function resetConfig(): void {
  cached = undefined;
}
