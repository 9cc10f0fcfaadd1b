import { parseMoney } from '../../../shared/src/domain/money';

/** '12.5' → 12.5 by the contract's strict money rule; blank, negative, "1,000", "1e2", three decimals → undefined. */
export function parseAmount(text: string): number | undefined {
  const parsed = parseMoney(text.trim());
  return parsed.ok ? parsed.minor / 100 : undefined;
}
