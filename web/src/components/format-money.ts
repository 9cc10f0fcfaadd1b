import { formatMoneyIn } from '../../../shared/src/domain/money';

/**
 * Money as the settings show it: the currency symbol before an amount with two decimals (spec §9
 * rounds money to 2 decimals). Digits follow the UI language.
 */
export const formatMoney = formatMoneyIn;

export function formatPercent(value: number, locale?: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)}%`;
}
