import Box from '@cloudscape-design/components/box';
import type { TFunction } from 'i18next';

/** A zone's fixed fee on a fare (decimal money), as the estimate and the booking carry it. */
export interface ZoneFeeLine { label: string; amount: number }

/** The zone fees as [label, amount] pairs, for a list of key-value pairs (the booking detail). */
export function zoneFeePairs(t: TFunction, money: (n: number) => string, fees: readonly ZoneFeeLine[] | undefined): [string, string][] {
  return (fees ?? []).map((z) => [t('zone_fee_named', { label: z.label }), money(z.amount)]);
}

/** Each zone fee as its own figure of the estimate's fare, beside the fare and the convenience fee. */
export function ZoneFeeFigures({ fees, money, t }: { fees: readonly ZoneFeeLine[] | undefined; money: (n: number) => string; t: TFunction }) {
  return (
    <>
      {(fees ?? []).map((z, i) => (
        <div key={`${z.label}-${i}`}>
          <Box variant="awsui-key-label">{t('zone_fee_named', { label: z.label })}</Box>
          <div data-testid="estimate-zone-fee">{money(z.amount)}</div>
        </div>
      ))}
    </>
  );
}
