import FormField from '@cloudscape-design/components/form-field';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from './phone-input';

export interface MobileFieldProps {
  /** The dial code shown before the number (from the chosen country). */
  dialCode: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated problem, if any. */
  error: string | undefined;
}

/** A new account's mobile number after the dial code. */
export function MobileField({ dialCode, value, onChange, error }: MobileFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField stretch label={t('mobile')} description={t('mobile_hint')} errorText={error}>
      <PhoneInput dialCode={dialCode} value={value} onChange={onChange} invalid={!!error} />
    </FormField>
  );
}
