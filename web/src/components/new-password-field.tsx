import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useTranslation } from 'react-i18next';

export interface NewPasswordFieldProps {
  /** Translated label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated problem, if any. */
  error: string | undefined;
}

/** A new account's password, with the password rule as hint. */
export function NewPasswordField({ label, value, onChange, error }: NewPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField stretch label={label} description={t('password_rule_hint')} errorText={error}>
      <Input type="password" autoComplete="new-password" value={value} onChange={({ detail }) => onChange(detail.value)} invalid={!!error} />
    </FormField>
  );
}
