import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../../config';
import type { SecretSource } from '../../ports/payments';
import { traced } from '../../observability/tracer';
import { onFirstUse } from '../sdk';

const sdk = onFirstUse(() => import('@aws-sdk/client-secrets-manager'));

/** Secrets Manager, by the ARNs CDK passes; read once per container. */
export function secretsManagerSecrets(): SecretSource {
  const cache = new Map<string, Promise<string | undefined>>();
  let client: SecretsManagerClient | undefined;
  return {
    get(name) {
      const arn = { stripe: config().STRIPE_SECRET_ARN, testGateway: config().TEST_GATEWAY_SECRET_ARN, webPush: config().WEB_PUSH_SECRET_ARN }[name];
      if (!arn) return Promise.resolve(undefined);
      let value = cache.get(name);
      if (!value) {
        value = sdk().then(async ({ GetSecretValueCommand, SecretsManagerClient }) => {
          client ??= await traced(new SecretsManagerClient({}));
          return (await client.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString;
        });
        // A failed read is not remembered: the next request tries again.
        value.catch(() => cache.delete(name));
        cache.set(name, value);
      }
      return value;
    },
  };
}

/** Where no secret store exists (the local cloud), the environment holds them. */
export const envSecrets: SecretSource = {
  async get(name) {
    return { stripe: config().STRIPE_SECRET, testGateway: config().TEST_GATEWAY_SECRET, webPush: config().WEB_PUSH_VAPID }[name] || undefined;
  },
};
