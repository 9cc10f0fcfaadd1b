import { DomainError } from '../../../shared/src/domain/errors';
import type { TableProbe } from '../ports/health';

/** 200 only once the platform can serve: the table answers and its settings exist (503 before). */
export async function getHealth(deps: { probe: TableProbe; now: () => Date }) {
  if (!(await deps.probe.ping())) throw new DomainError('settings_error', 503, 'Starting: the settings are not there yet');
  return { status: 'ok' as const, time: deps.now().toISOString(), table: 'ok' as const };
}
