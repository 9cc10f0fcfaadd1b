import * as catalog from './catalog';
import * as settings from './settings';
import * as system from './system';
import * as users from './users';
import type { AnyRoute } from './route';

/** Every REST operation, keyed by operationId. A route that is not here does not exist. */
export const contract = {
  getHealth: system.getHealth,
  getOpenApi: system.getOpenApi,
  fetchSettings: settings.fetchSettings,
  getLanguages: settings.getLanguages,
  fetchCarTypes: catalog.fetchCarTypes,
  fetchUser: users.fetchUser,
  updateProfile: users.updateProfile,
} as const;

export type Contract = typeof contract;
export type OperationId = keyof Contract;
export const routes: readonly AnyRoute[] = Object.values(contract) as AnyRoute[];
