import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import { useTranslation } from 'react-i18next';

export interface PhoneInputProps {
  /** Digits of the country calling code, without '+'. */
  dialCode: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  controlId?: string;
  disabled?: boolean;
}

/**
 * The dial code (read-only; chosen with the country picker) next to the typed number. Spec §5:
 * the number is typed without '+', spaces or dashes; the stored mobile is +<code><digits>.
 */
export function PhoneInput({ dialCode, value, onChange, invalid, controlId, disabled }: PhoneInputProps) {
  const { t } = useTranslation();
  return (
    <Grid gridDefinition={[{ colspan: { default: 4, xs: 3 } }, { colspan: { default: 8, xs: 9 } }]} disableGutters={false}>
      <Input value={`+${dialCode}`} readOnly ariaLabel={t('dial_code')} disabled={disabled} />
      <Input
        controlId={controlId}
        type="text"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('phone_placeholder')}
        value={value}
        invalid={invalid}
        disabled={disabled}
        onChange={({ detail }) => onChange(detail.value)}
      />
    </Grid>
  );
}
