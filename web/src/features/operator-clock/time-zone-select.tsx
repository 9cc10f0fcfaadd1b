import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneNames, zoneOffsetMinutes } from '../../../../shared/src/domain/time-zone';

/** "UTC−08:00" for the zone now: what the operator recognises when searching the list. */
function offsetLabel(zone: string, now: number): string {
  const minutes = zoneOffsetMinutes(now, zone);
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface TimeZoneSelectProps {
  value: string;
  onChange: (zone: string) => void;
  disabled?: boolean;
  errorText?: string;
}

/**
 * The settings form's time zone: a searchable list of every IANA zone the browser knows (the server
 * checks the name again against its own database), with the current UTC offset beside each.
 */
export function TimeZoneSelect({ value, onChange, disabled, errorText }: TimeZoneSelectProps) {
  const { t } = useTranslation();
  const options = useMemo<SelectProps.Option[]>(() => {
    const now = Date.now();
    const names = timeZoneNames();
    // A stored zone the browser does not list (an alias) stays selectable.
    if (value && !names.includes(value)) names.unshift(value);
    return names.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' '), description: offsetLabel(zone, now), filteringTags: [zone] }));
  }, [value]);
  const selected = options.find((o) => o.value === value) ?? null;
  return (
    <FormField label={t('clock_zone_label')} description={t('clock_zone_hint')} errorText={errorText} stretch>
      <Select
        data-testid="settings-time-zone"
        selectedOption={selected}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? value)}
        options={options}
        filteringType="auto"
        filteringPlaceholder={t('clock_zone_filter')}
        filteringAriaLabel={t('clock_zone_filter')}
        empty={t('clock_zone_empty')}
        disabled={disabled}
        invalid={!!errorText}
        virtualScroll
      />
    </FormField>
  );
}
