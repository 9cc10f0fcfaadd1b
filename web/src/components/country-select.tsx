import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from 'libphonenumber-js';
import { countryList } from './countries';

export interface CountrySelectProps {
  value: CountryCode;
  onChange: (code: CountryCode) => void;
  ariaLabel?: string;
  disabled?: boolean;
  /** For FormField's label. */
  controlId?: string;
}

/** The ~240-country picker with dial codes (spec §3 Country), searchable by name or code. */
export function CountrySelect({ value, onChange, ariaLabel, disabled, controlId }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const options = useMemo<SelectProps.Option[]>(
    () =>
      countryList(locale).map((c) => ({
        value: c.code,
        label: `${c.label} (+${c.dialCode})`,
        // The label already holds the dial code ("44", "+44" find it); the ISO code ("GB") too.
        filteringTags: [c.code],
      })),
    [locale],
  );
  const selected = options.find((o) => o.value === value) ?? null;
  return (
    <Select
      controlId={controlId}
      selectedOption={selected}
      onChange={({ detail }) => {
        if (detail.selectedOption.value) onChange(detail.selectedOption.value as CountryCode);
      }}
      options={options}
      filteringType="auto"
      filteringPlaceholder={t('country_search')}
      filteringAriaLabel={t('country_search')}
      ariaLabel={ariaLabel ?? t('country')}
      placeholder={t('country_choose')}
      empty={t('no_matches')}
      disabled={disabled}
      virtualScroll
      expandToViewport
    />
  );
}
