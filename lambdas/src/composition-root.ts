import { cognitoIdentityProvider } from './adapters/cognito/identity-provider';
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
import { outboxSmsSender } from './adapters/sms/outbox-sms-sender';
import { snsSmsSender } from './adapters/sms/sns-sms-sender';
import { config } from './config';

/**
 * The one place where ports meet adapters. Adapters read their endpoints from config, so the same
 * wiring serves AWS, the local cloud and LocalStack.
 */
export const deps = {
  now: () => new Date(),
  settings: settingsRepository,
  carTypes: carTypeRepository,
  cancelReasons: cancelReasonRepository,
  promos: promoRepository,
  providers: providerRepository,
  license: licenseChecker,
  users: userRepository,
  identity: cognitoIdentityProvider,
  uploads: s3Uploads,
  /** SNS in AWS; the table outbox where SMS cannot leave (configuration, not code, decides). */
  sms: () => (config().SMS_DELIVERY === 'outbox' ? outboxSmsSender : snsSmsSender),
  probe: { ping: async () => { await table.get(keys.appSettings()); } },
};
export type Deps = typeof deps;
