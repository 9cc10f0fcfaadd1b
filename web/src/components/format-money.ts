/**
 * Money as the settings show it: the currency symbol before an amount with two decimals (spec §9
 * rounds money to 2 decimals). Digits follow the UI language.
 */
export function formatMoney(amount: number, symbol: string, locale?: string): string {
  const digits = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(amount));
  // A driver's balance may be negative (cash owed): "−$0.60", with the sign before the symbol.
  return `${amount < 0 && digits !== new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(0) ? '−' : ''}${symbol}${digits}`;
}

export function formatPercent(value: number, locale?: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)}%`;
}
