import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import { useTranslation } from 'react-i18next';

/** Two columns once the form is wide enough (Cloudscape grid breakpoints follow the container). */
const half = { colspan: { default: 12, xs: 6 } };

export interface NameFieldsProps {
  firstName: string;
  lastName: string;
  onFirstNameChange: (value: string) => void;
  onLastNameChange: (value: string) => void;
  /** The translated problem of each field, if any. */
  firstNameError: string | undefined;
  lastNameError: string | undefined;
  /** Let the browser fill in the user's own name (not when an admin types in someone else's). */
  autoComplete?: boolean;
}

/** First and last name side by side. */
export function NameFields({ firstName, lastName, onFirstNameChange, onLastNameChange, firstNameError, lastNameError, autoComplete }: NameFieldsProps) {
  const { t } = useTranslation();
  return (
    <Grid gridDefinition={[half, half]}>
      <FormField stretch label={t('first_name')} errorText={firstNameError}>
        <Input
          autoComplete={autoComplete ? 'given-name' : undefined}
          value={firstName}
          onChange={({ detail }) => onFirstNameChange(detail.value)}
          invalid={!!firstNameError}
        />
      </FormField>
      <FormField stretch label={t('last_name')} errorText={lastNameError}>
        <Input
          autoComplete={autoComplete ? 'family-name' : undefined}
          value={lastName}
          onChange={({ detail }) => onLastNameChange(detail.value)}
          invalid={!!lastNameError}
        />
      </FormField>
    </Grid>
  );
}
