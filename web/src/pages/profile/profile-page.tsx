import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { UserProfile } from '../../../../shared/src/contract';
import { validateProfile } from '../../../../shared/src/domain/profile-rules';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { displayName } from '../../auth/display-name';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { errorText } from '../../components/error-text';
import { formatMoney } from '../../components/format-money';
import { NameFields } from '../../components/name-fields';
import { DriverProfile } from '../../features/driver-app/driver-profile';
import { PageSpinner } from '../../components/page-spinner';
import { IMAGE_TYPES, imageProblem } from '../../components/upload-file';
import { EmergencyContactForm } from '../../features/sos/emergency-contact-form';
import { isUploadShown, UploadProgress, useUploadTask } from '../../components/upload/upload-progress';

type Field = 'firstName' | 'lastName' | 'email' | 'mobile';
/** Two columns once the form is wide enough (Cloudscape grid breakpoints follow the container). */
const half = { colspan: { default: 12, xs: 6 } };

/** A stored image the browser can show: a URL (absolute or same-origin), not a bare storage key. */
const isShowable = (src: string | undefined): src is string => !!src && /^(https?:\/\/|\/)/.test(src);

function ProfileImage({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const api = useApi();
  const { refreshUser } = useAuth();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const sending = useUploadTask();

  const upload = async () => {
    const file = files[0];
    if (!file) return;
    const bad = imageProblem(file);
    if (bad) return setMessage({ type: 'error', text: t(bad) });
    setBusy(true);
    setMessage(null);
    try {
      const ticket = await api.createProfileImageUploadUrl({
        body: { contentType: file.type as (typeof IMAGE_TYPES)[number], size: file.size },
      });
      await sending.upload(file, ticket);
      await api.setProfileImage({ body: {} });
      await refreshUser();
      setFiles([]);
      setMessage({ type: 'success', text: t('profile_image_updated') });
    } catch (e) {
      setMessage({ type: 'error', text: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container header={<Header variant="h2">{t('profile_image')}</Header>}>
      <SpaceBetween size="m">
        {isShowable(user.profile_image) ? (
          <img
            src={user.profile_image}
            alt={t('profile_image_alt', { name: displayName(user) })}
            width={96}
            height={96}
            style={{ objectFit: 'cover', borderRadius: '50%', display: 'block' }}
          />
        ) : (
          <Box color="text-status-inactive">{t('no_profile_image')}</Box>
        )}
        {message ? (
          <Alert type={message.type} dismissible onDismiss={() => setMessage(null)}>
            {message.text}
          </Alert>
        ) : null}
        <FormField label={t('new_profile_image')} constraintText={t('image_constraint')}>
          <FileUpload
            value={files}
            onChange={({ detail }) => setFiles(detail.value.slice(0, 1))}
            accept={IMAGE_TYPES.join(',')}
            showFileSize
            showFileThumbnail
            i18nStrings={{
              uploadButtonText: () => t('choose_file'),
              dropzoneText: () => t('drop_file'),
              removeFileAriaLabel: () => t('remove_file'),
              errorIconAriaLabel: t('error'),
            }}
          />
        </FormField>
        {isUploadShown(sending.snapshot) ? <UploadProgress task={sending.task} snapshot={sending.snapshot} /> : null}
        <Button onClick={() => void upload()} loading={busy} disabled={files.length === 0} iconName="upload">
          {t('upload_image')}
        </Button>
      </SpaceBetween>
    </Container>
  );
}

function DeleteAccount() {
  const { t } = useTranslation();
  const api = useApi();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api.deleteAccount();
      // Leave the protected page first, or its guard would race us to /login on sign-out.
      navigate('/', { replace: true });
      // Spec §6: a user who deletes their own account is signed out.
      await signOut().catch(() => undefined);
    } catch (e) {
      setFailure(errorText(t, e));
      setBusy(false);
    }
  };

  return (
    <Container header={<Header variant="h2" description={t('delete_account_description')}>{t('delete_account')}</Header>}>
      <Button onClick={() => setOpen(true)} data-testid="delete-account">
        {t('delete_my_account')}
      </Button>
      <ConfirmDeleteModal
        visible={open}
        busy={busy}
        onDismiss={() => setOpen(false)}
        onConfirm={() => void confirm()}
        header={t('delete_account_confirm_title')}
        text={t('delete_account_confirm_text')}
        confirmTestId="delete-account-confirm"
      >
        {failure ? <Alert type="error">{failure}</Alert> : null}
      </ConfirmDeleteModal>
    </Container>
  );
}

/**
 * Spec §2 /profile (all four roles): names, email and mobile (locked for email-login users,
 * spec §4 Profile), the profile image, and deleting the account.
 */
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { user, role, refreshUser } = useAuth();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [mobile, setMobile] = useState('');
  const [problem, setProblem] = useState<{ key: string; field?: Field; fallback?: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user) return;
    setFirstName(user.firstName);
    setLastName(user.lastName);
    setEmail(user.email);
    setMobile(user.mobile);
  }, [user]);

  if (!user) return <PageSpinner />;
  const locked = user.loginType === 'email';
  const locale = i18n.resolvedLanguage ?? i18n.language;

  const fieldError = (field: Field) =>
    problem?.field === field ? t(problem.key, { defaultValue: problem.fallback }) : undefined;

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    setSaved(false);
    const rule = validateProfile({ firstName, lastName, email, mobile });
    if (!rule.ok) return setProblem({ key: rule.key, field: rule.field as Field | undefined });
    setProblem(null);
    setBusy(true);
    try {
      await api.updateProfile({
        body: {
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          // Locked fields are not sent: the server refuses changes to them for email-login users.
          ...(locked ? {} : { email: email.trim(), mobile: mobile.trim() }),
        },
      });
      await refreshUser();
      setSaved(true);
    } catch (e) {
      setProblem({ key: 'update_failed', fallback: errorText(t, e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ContentLayout header={<Header variant="h1" description={t('profile_description')}>{t('profile_title')}</Header>}>
      <SpaceBetween size="l">
        <form onSubmit={save} noValidate>
          <Form
            actions={
              <Button variant="primary" formAction="submit" loading={busy} data-testid="profile-save">
                {t('save')}
              </Button>
            }
          >
            <Container header={<Header variant="h2">{t('your_details')}</Header>}>
              <SpaceBetween size="l">
                {saved ? (
                  <Alert type="success" dismissible onDismiss={() => setSaved(false)} data-testid="profile-saved">
                    {t('profile_updated')}
                  </Alert>
                ) : null}
                {problem ? (
                  <Alert type="error">
                    {problem.field ? t(problem.key) : `${t(problem.key)} ${problem.fallback ?? ''}`.trim()}
                  </Alert>
                ) : null}
                <NameFields
                  firstName={firstName}
                  lastName={lastName}
                  onFirstNameChange={setFirstName}
                  onLastNameChange={setLastName}
                  firstNameError={fieldError('firstName')}
                  lastNameError={fieldError('lastName')}
                  autoComplete
                />
                <Grid gridDefinition={[half, half]}>
                  <FormField stretch
                    label={t('email')}
                    description={locked ? t('locked_for_email_login') : undefined}
                    errorText={fieldError('email')}
                  >
                    <Input
                      type="email"
                      value={email}
                      readOnly={locked}
                      onChange={({ detail }) => setEmail(detail.value)}
                      invalid={!!fieldError('email')}
                    />
                  </FormField>
                  <FormField stretch
                    label={t('mobile')}
                    description={locked ? t('locked_for_email_login') : undefined}
                    errorText={fieldError('mobile')}
                  >
                    <Input
                      type="text"
                      inputMode="tel"
                      value={mobile}
                      readOnly={locked}
                      onChange={({ detail }) => setMobile(detail.value)}
                      invalid={!!fieldError('mobile')}
                    />
                  </FormField>
                </Grid>
              </SpaceBetween>
            </Container>
          </Form>
        </form>
        <ColumnLayout columns={2}>
          <Container header={<Header variant="h2">{t('your_account')}</Header>}>
            <KeyValuePairs
              columns={1}
              items={[
                { label: t('field_role'), value: t(role ? `role_${role}` : 'role_none') },
                { label: t('referral_id'), value: user.referralId },
                { label: t('wallet_balance'), value: formatMoney(user.walletBalance, settings.symbol, locale) },
                {
                  label: t('account_status'),
                  value: user.approved ? (
                    <StatusIndicator type="success">{t('approved')}</StatusIndicator>
                  ) : (
                    <StatusIndicator type="pending">{t('not_approved')}</StatusIndicator>
                  ),
                },
              ]}
            />
          </Container>
          <ProfileImage user={user} />
        </ColumnLayout>
        {role === 'driver' ? <DriverProfile user={user} /> : null}
        {role === 'rider' || role === 'driver' ? <EmergencyContactForm user={user} /> : null}
        <DeleteAccount />
      </SpaceBetween>
    </ContentLayout>
  );
}
