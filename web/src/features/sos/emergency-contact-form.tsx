import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../shared/src/contract/users';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { errorText } from '../../components/error-text';

/** Riders' and drivers' emergency contact: who an SOS of theirs texts. */
export function EmergencyContactForm({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const api = useApi();
  const { refreshUser } = useAuth();
  const [name, setName] = useState(user.emergencyContact?.name ?? '');
  const [phone, setPhone] = useState(user.emergencyContact?.phone ?? '');
  const [busy, setBusy] = useState<'save' | 'remove'>();
  const [phoneError, setPhoneError] = useState<string>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<'saved' | 'removed'>();

  const run = async (what: 'save' | 'remove', work: () => Promise<unknown>) => {
    setBusy(what);
    setError(undefined);
    setPhoneError(undefined);
    setDone(undefined);
    try {
      await work();
      await refreshUser();
      setDone(what === 'save' ? 'saved' : 'removed');
    } catch (e) {
      if (isApiError(e) && e.code === 'emergency_contact_phone_invalid') setPhoneError(errorText(t, e));
      else setError(errorText(t, e));
    } finally {
      setBusy(undefined);
    }
  };
  const save = () => run('save', () => api.setEmergencyContact({ body: { name: name.trim(), phone: phone.trim() } }));
  const remove = () => run('remove', async () => {
    await api.clearEmergencyContact({});
    setName('');
    setPhone('');
  });

  return (
    <form onSubmit={(e) => { e.preventDefault(); void save(); }} data-testid="emergency-contact">
      <Form
        actions={(
          <SpaceBetween direction="horizontal" size="xs">
            {user.emergencyContact ? <Button formAction="none" loading={busy === 'remove'} onClick={() => void remove()}>{t('emergency_contact_remove')}</Button> : null}
            <Button variant="primary" loading={busy === 'save'} disabled={!name.trim() || !phone.trim()} data-testid="emergency-contact-save">{t('emergency_contact_save')}</Button>
          </SpaceBetween>
        )}
      >
        <Container header={<Header variant="h2" description={t('emergency_contact_description')}>{t('emergency_contact_title')}</Header>}>
          <SpaceBetween size="m">
            <ColumnLayout columns={2}>
              <FormField label={t('emergency_contact_name')} stretch>
                <Input value={name} onChange={({ detail }) => setName(detail.value.slice(0, 60))} autoComplete="off" data-testid="emergency-contact-name" />
              </FormField>
              <FormField label={t('emergency_contact_phone')} constraintText={t('emergency_contact_phone_hint')} errorText={phoneError} stretch>
                <Input value={phone} inputMode="tel" onChange={({ detail }) => { setPhone(detail.value.slice(0, 40)); setPhoneError(undefined); }} autoComplete="off" data-testid="emergency-contact-phone" />
              </FormField>
            </ColumnLayout>
            {done ? <Alert type="success" dismissible onDismiss={() => setDone(undefined)}>{t(done === 'saved' ? 'emergency_contact_saved' : 'emergency_contact_removed')}</Alert> : null}
            {error ? <Alert type="error">{error}</Alert> : null}
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
