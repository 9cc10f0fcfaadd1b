import type { TableProbe } from '../ports/health';

export async function getHealth(deps: { probe: TableProbe; now: () => Date }) {
  await deps.probe.ping();
  return { status: 'ok' as const, time: deps.now().toISOString(), table: 'ok' as const };
}
