import { cognitoIdentityProvider } from './adapters/cognito/identity-provider';
import { carTypeRepository } from './adapters/dynamodb/car-type-repository';
import { keys } from './adapters/dynamodb/keys';
import { table } from './adapters/dynamodb/repository';
import { settingsRepository } from './adapters/dynamodb/settings-repository';
import { userRepository } from './adapters/dynamodb/user-repository';
import { s3Uploads } from './adapters/s3/uploads';

/**
 * The one place where ports meet adapters. Adapters read their endpoints from config, so the same
 * wiring serves AWS, the local cloud and LocalStack.
 */
export const deps = {
  now: () => new Date(),
  settings: settingsRepository,
  carTypes: carTypeRepository,
  users: userRepository,
  identity: cognitoIdentityProvider,
  uploads: s3Uploads,
  probe: { ping: async () => { await table.get(keys.appSettings()); } },
};
export type Deps = typeof deps;
