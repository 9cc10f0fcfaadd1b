import type { OperationId } from '../../../shared/src/contract/routes';

/**
 * A valid request for every operation, used by the authorization matrix. A new route without an
 * entry here fails the matrix test, so no route escapes it.
 */
export const sampleRequests: Record<OperationId, { path: string; body?: unknown }> = {
  getHealth: { path: '/health' },
  getOpenApi: { path: '/openapi.json' },
  fetchSettings: { path: '/settings' },
  getLanguages: { path: '/languages' },
  fetchCarTypes: { path: '/cartypes' },
  fetchUser: { path: '/me' },
  updateProfile: { path: '/me', body: { firstName: 'Same', lastName: 'Name' } },
};
