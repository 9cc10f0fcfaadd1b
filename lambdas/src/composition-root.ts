import { randomInt } from 'node:crypto';
import { cognitoIdentityProvider } from './adapters/cognito/identity-provider';
import { attemptRepository } from './adapters/dynamodb/attempt-repository';
import { bookingRepository } from './adapters/dynamodb/booking-repository';
import { inboxRepository } from './adapters/dynamodb/inbox-repository';
import { presenceRepository } from './adapters/dynamodb/presence-repository';
import { dispatchStoryRepository } from './adapters/dynamodb/dispatch-story-repository';
import { tripRepository } from './adapters/dynamodb/trip-repository';
import { tripLinkRepository } from './adapters/dynamodb/trip-link-repository';
import { serviceAreaRepository } from './adapters/dynamodb/service-area-repository';
import { sosRepository } from './adapters/dynamodb/sos-repository';
import { driverDocumentRepository } from './adapters/dynamodb/driver-document-repository';
import { walletRepository } from './adapters/dynamodb/wallet-repository';
import { locationGeo } from './adapters/geo/location-geo';
import { geoOnFirstUse } from './adapters/geo/geo-on-first-use';
import { awsJobQueue } from './adapters/jobs/aws-job-queue';
import { tableJobQueue } from './adapters/jobs/table-job-queue';
import { cancelReasonRepository } from './adapters/dynamodb/cancel-reason-repository';
import { carTypeRepository } from './adapters/dynamodb/car-type-repository';
import { keys } from './adapters/dynamodb/keys';
import { table } from './adapters/dynamodb/repository';
import { promoRepository } from './adapters/dynamodb/promo-repository';
import { providerRepository } from './adapters/dynamodb/provider-repository';
import { settingsRepository } from './adapters/dynamodb/settings-repository';
import { userRepository } from './adapters/dynamodb/user-repository';
import { licenseChecker } from './adapters/license/license-check';
import { s3Uploads } from './adapters/s3/uploads';
import { deviceRepository, pushClaimRepository } from './adapters/dynamodb/device-repository';
import { notificationRepository } from './adapters/dynamodb/notification-repository';
import { outboxPushSender } from './adapters/push/outbox-push-sender';
import { snsPushSender } from './adapters/push/sns-push-sender';
import { platformPushSender } from './adapters/push/platform-push-sender';
import { webPushSender } from './adapters/push/web-push-sender';
import { loopbackSend, loopbackWebPushSender } from './adapters/push/loopback-web-push-sender';
import { outboxSmsSender } from './adapters/sms/outbox-sms-sender';
import { snsSmsSender } from './adapters/sms/sns-sms-sender';
import { outboxEmailSender } from './adapters/email/outbox-email-sender';
import { sesEmailSender } from './adapters/email/ses-email-sender';
import { earningsRepository } from './adapters/dynamodb/earnings-repository';
import { demandRepository } from './adapters/dynamodb/demand-repository';
import { gatewayPaymentRepository, paymentRepository } from './adapters/dynamodb/payment-repository';
import { withdrawRepository } from './adapters/dynamodb/withdraw-repository';
import { stripeGateway } from './adapters/payments/stripe-gateway';
import { testGateway } from './adapters/payments/test-gateway';
import { envSecrets, secretsManagerSecrets } from './adapters/secrets/secrets';
import { config } from './config';
import type { ServiceAreaStore } from './ports/service-areas';
import type { PaymentGateway, SecretSource } from './ports/payments';

let secretStore: SecretSource | undefined;
export const secrets = (): SecretSource => (secretStore ??= config().SECRETS_SOURCE === 'env' ? envSecrets : secretsManagerSecrets());
let gatewayAdapters: { test: PaymentGateway; stripe: PaymentGateway } | undefined;
const gateways = () => (gatewayAdapters ??= { test: testGateway(secrets()), stripe: stripeGateway(secrets()) });

/*
 * The one place where ports meet adapters. Adapters read their endpoints from config, so the same
 * wiring serves AWS, the local cloud and LocalStack.
 *
 * One export per port, and no object that holds them all: a handler imports the ports its use
 * case takes and passes just those (`fetchChat({ bookings, now }, ...)`), so its bundle holds only
 * the adapters it calls (esbuild drops the others), and a function that never pays does not load
 * Stripe. Loading is most of a cold start; the AWS SDK clients themselves load on first use (see
 * adapters/sdk.ts).
 */
export const now = () => new Date();
/** Guessing limits (trip codes, phone codes and SMS, public identity checks). */
export const attempts = attemptRepository;
export const settings = settingsRepository;
export const carTypes = carTypeRepository;
export const cancelReasons = cancelReasonRepository;
export const promos = promoRepository;
export const providers = providerRepository;
export const license = licenseChecker;
export const users = userRepository;
export const identity = cognitoIdentityProvider;
export const uploads = s3Uploads;
/** SNS in AWS; the table outbox where SMS cannot leave (configuration, not code, decides). */
export const sms = () => (config().SMS_DELIVERY === 'outbox' ? outboxSmsSender : snsSmsSender);
/** SES from the stage's sender; the table outbox where e-mail cannot leave; none where configuration sends no e-mail. */
export const email = () => {
  const delivery = config().EMAIL_DELIVERY;
  return delivery === 'ses' ? sesEmailSender : delivery === 'outbox' ? outboxEmailSender : undefined;
};
let webPushAdapter: ReturnType<typeof webPushSender> | undefined;
/** Web Push to browsers, with the VAPID keys of the secret store. */
export const webPush = () => (webPushAdapter ??= webPushSender(secrets()));
let routedPush: ReturnType<typeof platformPushSender> | undefined;
/**
 * In AWS: SNS mobile push for the apps, Web Push for browsers; the table outbox where nothing can
 * be pushed (configuration decides).
 */
export const push = () => (config().PUSH_DELIVERY === 'outbox' ? outboxOrLoopback() : (routedPush ??= platformPushSender(webPush(), snsPushSender)));
let loopbackPush: ReturnType<typeof loopbackWebPushSender> | undefined;
/** The outbox, except browsers subscribed to a push service on this machine when configured (`WEB_PUSH_LOOPBACK`). */
function outboxOrLoopback() {
  if (config().WEB_PUSH_LOOPBACK !== 'on') return outboxPushSender;
  return (loopbackPush ??= loopbackWebPushSender(
    webPushSender(secrets(), loopbackSend(async () => { const mod = await import('web-push'); return mod.default ?? mod; })),
    outboxPushSender,
  ));
}
export const devices = deviceRepository;
export const claims = pushClaimRepository;
export const notifications = notificationRepository;
/** Start-up is finished when the settings exist (they are seeded last). */
export const probe = { ping: async () => Boolean(await table.get(keys.appSettings())) };
export const bookings = bookingRepository;
export const presence = presenceRepository;
/** The dispatch story's items, read for admins (its writers are the booking and trip repositories). */
export const dispatchStories = dispatchStoryRepository;
export const inbox = inboxRepository;
export const trips = tripRepository;
export const tripLinks = tripLinkRepository;
export const sosAlerts = sosRepository;
/** Service areas and fee zones (estimates and bookings read them through use-cases/areas-in-force). */
export const serviceAreas = serviceAreaRepository;
/** The areas as of a revision the caller's admission already read (`preload.serviceAreasMeta`): no read of the revision of their own. */
export const serviceAreasAt = (revision: number): Pick<ServiceAreaStore, 'list' | 'revision'> => ({ list: serviceAreas.list, revision: async () => revision });
export const driverDocuments = driverDocumentRepository;
export const wallets = walletRepository;
export const withdraws = withdrawRepository;
/**
 * Amazon Location in AWS; the offline gazetteer where it does not exist, imported on its first
 * call (the functions' bundles leave it out: lambda-bundling.ts).
 */
const offlineGeo = geoOnFirstUse(async () => (await import('./adapters/geo/offline-geo')).offlineGeo);
export const geo = () => (config().GEO_PROVIDER === 'offline' ? offlineGeo : locationGeo);
/** SQS and EventBridge Scheduler in AWS; table items the local cloud's runner polls otherwise. */
export const jobs = () => (config().JOB_DELIVERY === 'table' ? tableJobQueue : awsJobQueue);
export const payments = paymentRepository;
export const earnings = earningsRepository;
/** The dashboard's demand layer (bookings and unserved requests per day and cell). */
export const demand = demandRepository;
export const gatewayPayments = gatewayPaymentRepository;
/** Which adapter plays a provider: Stripe's where switched on, else the test gateway where switched on, else none. */
export const gateway = (provider: string): PaymentGateway | undefined => {
  if (provider === 'stripe' && config().STRIPE === 'on') return gateways().stripe;
  return config().PAYMENT_TEST_GATEWAY === 'on' ? gateways().test : undefined;
};
export const testGatewayOn = () => config().PAYMENT_TEST_GATEWAY === 'on';
/** Where links sent by SMS point (the site's own address), when the deployment names it. */
export const siteUrl = () => config().SITE_URL?.replace(/\/+$/, '');
export const siteOrigins = () => config().SITE_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
/** Booking ids and trip codes from the platform's CSPRNG: they are not guessable. */
export const random = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** Every port (scripts and tests take them all with `import * as deps`; a function takes only its own). */
export type Deps = typeof import('./composition-root');
