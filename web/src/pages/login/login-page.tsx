import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context';
import { describeAuthError, type TranslatableError } from '../../auth/auth-errors';
import { postLoginPath } from '../../auth/roles';
import { PageSpinner } from '../../components/page-spinner';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface FieldErrors {
  email?: string;
  password?: string;
}

/** Email sign-in (spec §2). Phone, social, forgot-password and register arrive with their flows. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { user, role, loading, signIn } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<TranslatableError | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (loading && !submitting) return <PageSpinner />;
  // Already signed in (or sent here by the guard without the role): go where the role belongs.
  if (user && !submitting) return <Navigate to={postLoginPath(role)} replace />;

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    // Spec §8 keys, so server packs translate these like every other validation message.
    if (!EMAIL.test(email.trim())) errors.email = 'proper_email';
    if (!password) errors.password = 'password_blank_messege';
    return errors;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const signedInRole = await signIn(email, password);
      navigate(postLoginPath(signedInRole), { replace: true });
    } catch (e) {
      setFailure(describeAuthError(e));
      setSubmitting(false);
    }
  };

  return (
    <Box padding={{ vertical: 'xxl' }}>
      <Grid gridDefinition={[{ colspan: { default: 12, s: 8, m: 6, l: 4 }, offset: { default: 0, s: 2, m: 3, l: 4 } }]}>
        <form onSubmit={submit} noValidate>
          <Form
            header={
              <Header variant="h1" description={t('sign_in_description')}>
                {t('sign_in_title')}
              </Header>
            }
            actions={
              <Button variant="primary" formAction="submit" loading={submitting}>
                {t('sign_in')}
              </Button>
            }
          >
            <SpaceBetween size="m">
              {failure ? (
                <Alert type="error" header={t('sign_in_failed')}>
                  {t(failure.key, { defaultValue: failure.fallback })}
                </Alert>
              ) : null}
              <Container>
                <SpaceBetween size="l">
                  <FormField label={t('email')} errorText={fieldErrors.email ? t(fieldErrors.email) : undefined}>
                    <Input
                      type="email"
                      inputMode="email"
                      autoComplete="username"
                      placeholder={t('email_placeholder')}
                      value={email}
                      onChange={({ detail }) => setEmail(detail.value)}
                      invalid={!!fieldErrors.email}
                      autoFocus
                    />
                  </FormField>
                  <FormField
                    label={t('password')}
                    errorText={fieldErrors.password ? t(fieldErrors.password) : undefined}
                  >
                    <Input
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={({ detail }) => setPassword(detail.value)}
                      invalid={!!fieldErrors.password}
                    />
                  </FormField>
                </SpaceBetween>
              </Container>
            </SpaceBetween>
          </Form>
        </form>
      </Grid>
    </Box>
  );
}
