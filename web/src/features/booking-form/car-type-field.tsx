import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Tiles from '@cloudscape-design/components/tiles';
import { useTranslation } from 'react-i18next';
import type { CarType } from '../../../../shared/src/contract';
import { useSettings } from '../../app/settings-context';
import { formatMoney, formatPercent } from '../../components/format-money';
import { CarPicture } from '../../components/car-picture';
import { LoadErrorAlert } from '../../components/load-error-alert';

export interface CarTypeFieldProps {
  carTypes: readonly CarType[] | undefined;
  loading: boolean;
  loadError: unknown;
  onRetry: () => void;
  value: string | null;
  onChange: (id: string) => void;
  errorText?: string;
}

/** One car type's price rules (spec §9 fare): base, distance, time, minimum, and the fee. */
function PriceRules({ carType }: { carType: CarType }) {
  const { t, i18n } = useTranslation();
  const { settings } = useSettings();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const money = (n: number) => formatMoney(n, settings.symbol, locale);
  const fee =
    carType.convenience_fee_type === 'flat'
      ? money(carType.convenience_fees)
      : formatPercent(carType.convenience_fees, locale);
  const rules = [
    t('bf_rule_base', { amount: money(carType.base_fare) }),
    t(settings.convert_to_mile ? 'bf_rule_per_mile' : 'bf_rule_per_km', { amount: money(carType.rate_per_unit_distance) }),
    t('bf_rule_per_hour', { amount: money(carType.rate_per_hour) }),
    t('bf_rule_minimum', { amount: money(carType.min_fare) }),
    t('bf_rule_fee', { amount: fee }),
  ];
  // The extra info is in the car type showcase further down the landing page; here, prices only.
  return (
    <Box fontSize="body-s" color="text-body-secondary">
      {rules.join(' · ')}
    </Box>
  );
}

/** Spec §2 car type selector: a tile per car type with its prices. */
export function CarTypeField({ carTypes, loading, loadError, onRetry, value, onChange, errorText }: CarTypeFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField label={t('car_type')} errorText={errorText} stretch>
      {loadError ? (
        <LoadErrorAlert error={loadError} onRetry={onRetry} />
      ) : loading && !carTypes ? (
        <StatusIndicator type="loading">{t('loading')}</StatusIndicator>
      ) : !carTypes?.length ? (
        <Box color="text-body-secondary">{t('no_cars')}</Box>
      ) : (
        <div data-testid="car-type-tiles">
          <Tiles
            value={value}
            onChange={({ detail }) => onChange(detail.value)}
            ariaLabel={t('car_type')}
            columns={1}
            items={carTypes.map((c) => ({
              value: c.id,
              label: c.name,
              description: <PriceRules carType={c} />,
              image: <CarPicture name={c.name} image={c.image || undefined} />,
            }))}
          />
        </div>
      )}
    </FormField>
  );
}
