import { driverDocuments, now, presence, settings } from '../composition-root';
import { logger } from '../observability/logger';
import { runDocumentChecks } from '../use-cases/run-document-checks';

const deps = { documents: driverDocuments, presence, settings, now };

/** The daily documents check (an EventBridge Scheduler schedule in AWS; the local cloud's clock here). */
export async function handler(): Promise<{ drivers: number; reminded: number; setOffline: number }> {
  const outcome = await runDocumentChecks(deps);
  logger.info('document checks ran', { ...outcome });
  return outcome;
}
