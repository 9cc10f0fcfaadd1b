import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Toggle from '@cloudscape-design/components/toggle';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSettings, SettingsForm } from '../../../../shared/src/contract';
import { MAX_DRIVER_RADIUS, parseDriverRadius, validateSettings } from '../../../../shared/src/domain/settings-rules';
import { MandatoryDocumentsField } from '../../features/driver-documents/mandatory-documents-field';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../../components/error-text';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';
import { DISPATCH_BOUNDS, DISPATCH_DEFAULTS, isDispatchSettingValid } from '../../../../shared/src/domain/dispatch';
import { TimeZoneSelect } from '../../features/operator-clock/time-zone-select';
import { operatorZone } from '../../../../shared/src/domain/time-zone';
import { DeliveryCodeToggle } from '../../features/delivery-proof/delivery-code-toggle';

type Form = Omit<SettingsForm, 'bonus' | 'driverRadius' | 'CompanyAddress'> & { bonus: string; driverRadius: string; CompanyAddress: string };
type TextKey = { [K in keyof Form]-?: Form[K] extends string ? K : never }[keyof Form];
type SwitchKey = { [K in keyof Form]-?: Form[K] extends boolean ? K : never }[keyof Form];
interface Problem { key: string; field?: keyof Form; fallback?: string }
type DispatchKey = 'dispatchBatchSize' | 'offerSeconds' | 'dispatchRounds' | 'bookLaterLeadMinutes';
const DISPATCH_KEYS: readonly DispatchKey[] = ['dispatchBatchSize', 'offerSeconds', 'dispatchRounds', 'bookLaterLeadMinutes'];
const DISPATCH_FORM_DEFAULTS: Record<DispatchKey, number> = {
  dispatchBatchSize: DISPATCH_DEFAULTS.batchSize,
  offerSeconds: DISPATCH_DEFAULTS.offerSeconds,
  dispatchRounds: DISPATCH_DEFAULTS.rounds,
  bookLaterLeadMinutes: DISPATCH_DEFAULTS.bookLaterLeadMinutes,
};

const SECURITY: readonly SwitchKey[] = ['otp_secure', 'driver_approval', 'email_verify'];
const ADVANCED: readonly SwitchKey[] = [
  'autoDispatch', 'CarHornRepeat', 'convert_to_mile', 'bank_fields', 'MobileLoginEnabled', 'FacebookLoginEnabled',
  'AllowCountrySelection', 'AllowCriticalEditsAdmin',
];

function toForm({ version: _version, ...s }: AdminSettings): Form {
  return { ...s, bonus: String(s.bonus), driverRadius: String(s.driverRadius), CompanyAddress: s.CompanyAddress ?? '' };
}

/** Spec §5: the bonus and radius accept numbers >= 0 as typed (a trailing '.' while typing too), else they become empty. */
export function acceptTyping(text: string): string {
  return /^\d*(\.\d*)?$/.test(text.trim()) ? text.trim() : '';
}

/**
 * Spec §2 /settings: one two-column form (app settings, currency, referral bonus, security and
 * advanced toggles, driver radius, purchase code, company information). §5: refused in demo
 * mode, proper_bonus, required fields; the purchase code is checked by the server (wrong_code),
 * success says `updated`. Saves carry the version the form was read at.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const api = useApi();
  const site = useSettings();
  const { notify } = useNotifications();
  const load = useCallback((signal: AbortSignal) => api.fetchAllSettings({}, { signal }), [api]);
  const { data, error, reload } = useApiQuery(load);
  const [form, setForm] = useState<Form | null>(null);
  const [version, setVersion] = useState(0);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const dirty = useRef(false);
  const versionRef = useRef(0);
  versionRef.current = version;

  useEffect(() => {
    if (!data || data.version < versionRef.current) return;
    if (dirty.current && data.version !== versionRef.current) {
      // Someone saved while this admin is typing: keep the input, say so; a save would get 409.
      setChangedElsewhere(true);
      return;
    }
    if (dirty.current) return;
    setForm(toForm(data));
    setVersion(data.version);
    setChangedElsewhere(false);
  }, [data]);

  useTopic('settings', reload);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    dirty.current = true;
    setForm((f) => (f ? { ...f, [key]: value } : f));
    if (problem?.field === key) setProblem(null);
  };

  const discard = () => {
    if (!data) return;
    dirty.current = false;
    setForm(toForm(data));
    setVersion(data.version);
    setChangedElsewhere(false);
    setProblem(null);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!form) return;
    const rule = validateSettings(form);
    if (!rule.ok) {
      setProblem({ key: rule.key, field: rule.field as keyof Form | undefined });
      return;
    }
    if (!parseDriverRadius(form.driverRadius).ok) {
      setProblem({ key: 'radius_invalid', field: 'driverRadius' });
      return;
    }
    const badDispatch = DISPATCH_KEYS.find((k) => !isDispatchSettingValid(k, form[k]));
    if (badDispatch) {
      setProblem({ key: 'dispatch_setting_invalid', field: badDispatch });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const saved = await api.editSettings({ body: { version, settings: form } });
      dirty.current = false;
      setForm(toForm(saved.settings));
      setVersion(saved.settings.version);
      setChangedElsewhere(false);
      notify({ id: 'settings', type: 'success', messageKey: saved.code });
      await site.reload();
    } catch (err) {
      const code = isApiError(err) ? err.code : 'request_failed';
      // Details name the body's path (body.settings.<field>): its last part is the form's field.
      const path = isApiError(err) ? err.details?.[0]?.path?.split('.').pop() : undefined;
      const field = (code === 'wrong_code' ? 'license' : path && form && path in form ? path : undefined) as keyof Form | undefined;
      const dispatchField = DISPATCH_KEYS.find((k) => k === field);
      setProblem(dispatchField ? { key: 'dispatch_setting_invalid', field: dispatchField } : { key: code, field, fallback: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };

  if (!form) {
    return error ? (
      <Alert type="error" header={t('load_failed')} action={<Button onClick={reload}>{t('retry')}</Button>}>
        {errorText(t, error)}
      </Alert>
    ) : (
      <Spinner size="large" />
    );
  }

  // The range a message names: the dispatch setting's own bounds, else the driver radius's maximum.
  const problemText = (p: Problem) => t(p.key, { defaultValue: p.fallback, ...(p.field && p.field in DISPATCH_BOUNDS ? DISPATCH_BOUNDS[p.field as DispatchKey] : { max: MAX_DRIVER_RADIUS }) });
  const fieldError = (field: keyof Form) => (problem?.field === field ? problemText(problem) : undefined);
  const text = (field: TextKey, opts: { label?: string; description?: string; type?: 'email' | 'url' } = {}) => (
    <FormField label={opts.label ?? t(`set_${field}`)} description={opts.description} errorText={fieldError(field)}>
      <Input
        value={form[field]}
        type={opts.type}
        onChange={({ detail }) => set(field, detail.value)}
        invalid={problem?.field === field}
        data-testid={`settings-${field}`}
      />
    </FormField>
  );
  const number = (field: 'bonus' | 'driverRadius', label: string, description?: string) => (
    <FormField label={label} description={description} errorText={fieldError(field)}>
      <Input
        value={form[field]}
        inputMode="decimal"
        onChange={({ detail }) => set(field, acceptTyping(detail.value))}
        invalid={problem?.field === field}
        data-testid={`settings-${field}`}
      />
    </FormField>
  );
  /** Dispatch tuning: whole numbers within the contract's bounds; empty means the platform default. */
  const whole = (field: DispatchKey) => (
    <FormField
      label={t(`set_${field}`)}
      description={t(`set_${field}_hint`, { default: DISPATCH_FORM_DEFAULTS[field] })}
      errorText={fieldError(field)}
    >
      <Input
        type="number"
        inputMode="numeric"
        value={form[field] === undefined ? '' : String(form[field])}
        placeholder={String(DISPATCH_FORM_DEFAULTS[field])}
        onChange={({ detail }) => {
          const n = Number(detail.value);
          set(field, detail.value.trim() === '' || !Number.isFinite(n) ? undefined : n);
        }}
        step={1}
        invalid={problem?.field === field}
        data-testid={`settings-${field}`}
      />
    </FormField>
  );
  const toggles = (keys: readonly SwitchKey[]) => (
    <SpaceBetween size="s">
      {keys.map((k) => (
        <Toggle key={k} checked={form[k]} onChange={({ detail }) => set(k, detail.checked)} description={t(`set_${k}_hint`)} data-testid={`settings-${k}`}>
          {t(`set_${k}`)}
        </Toggle>
      ))}
    </SpaceBetween>
  );
  const unit = t(form.convert_to_mile ? 'unit_miles' : 'unit_km');

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        header={
          <Header variant="h1" description={t('settings_description')}>
            {t('settings_title')}
          </Header>
        }
        errorText={problem && !problem.field ? t(problem.key, { defaultValue: problem.fallback }) : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={discard} disabled={busy}>
              {t('discard_changes')}
            </Button>
            <Button variant="primary" loading={busy} data-testid="settings-save">
              {t('save')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {!site.settings.AllowCriticalEditsAdmin ? (
            <Alert type="warning" data-testid="demo-mode-notice">
              {t('demo_mode_notice')}
            </Alert>
          ) : null}
          {changedElsewhere ? (
            <Alert
              type="info"
              action={<Button onClick={discard}>{t('load_latest')}</Button>}
              data-testid="settings-changed-elsewhere"
            >
              {t('settings_changed_elsewhere')}
            </Alert>
          ) : null}
          {problem?.field ? <Alert type={problem.key === 'demo_mode' ? 'warning' : 'error'}>{problemText(problem)}</Alert> : null}
          <Grid gridDefinition={[{ colspan: { default: 12, s: 6 } }, { colspan: { default: 12, s: 6 } }]}>
            <SpaceBetween size="l">
              <Container header={<Header variant="h2">{t('section_app')}</Header>}>
                <SpaceBetween size="m">
                  {text('appName')}
                  <FormField label={t('set_appMode')} description={t('set_appMode_hint')}>
                    <SegmentedControl
                      selectedId={form.appMode}
                      onChange={({ detail }) => set('appMode', detail.selectedId as Form['appMode'])}
                      options={[
                        { id: 'taxi', text: t('app_mode_taxi') },
                        { id: 'delivery', text: t('app_mode_delivery') },
                      ]}
                      data-testid="settings-appMode"
                    />
                  </FormField>
                  {text('contact_email', { type: 'email' })}
                  {text('country')}
                  <TimeZoneSelect value={operatorZone(form)} onChange={(zone) => set('timeZone', zone)} errorText={fieldError('timeZone')} />
                </SpaceBetween>
              </Container>
              <Container header={<Header variant="h2">{t('section_currency')}</Header>}>
                <ColumnLayout columns={2}>
                  {text('code')}
                  {text('symbol')}
                </ColumnLayout>
              </Container>
              <Container header={<Header variant="h2">{t('section_referral')}</Header>}>
                {number('bonus', t('set_bonus'), t('set_bonus_hint'))}
              </Container>
              <Container header={<Header variant="h2">{t('section_dispatch')}</Header>}>
                <SpaceBetween size="m">
                  {number('driverRadius', t('set_driverRadius', { unit }), t('set_driverRadius_hint'))}
                  <ColumnLayout columns={2}>
                    {whole('dispatchBatchSize')}
                    {whole('offerSeconds')}
                    {whole('dispatchRounds')}
                    {whole('bookLaterLeadMinutes')}
                  </ColumnLayout>
                  <MandatoryDocumentsField value={form.mandatoryDocuments ?? []} onChange={(v) => set('mandatoryDocuments', v)} />
                </SpaceBetween>
              </Container>
              <Container header={<Header variant="h2">{t('section_license')}</Header>}>
                {text('license', { description: t('set_license_hint') })}
              </Container>
            </SpaceBetween>
            <SpaceBetween size="l">
              <Container header={<Header variant="h2">{t('section_security')}</Header>}>
                <SpaceBetween size="s">
                  {toggles(SECURITY)}
                  {form.appMode === 'delivery' ? <DeliveryCodeToggle checked={form.delivery_code_secure === true} onChange={(on) => set('delivery_code_secure', on)} /> : null}
                </SpaceBetween>
              </Container>
              <Container header={<Header variant="h2">{t('section_advanced')}</Header>}>{toggles(ADVANCED)}</Container>
              <Container header={<Header variant="h2">{t('section_company')}</Header>}>
                <SpaceBetween size="m">
                  {text('CompanyName')}
                  {text('CompanyAddress', { description: t('set_CompanyAddress_hint') })}
                  {text('CompanyWebsite', { type: 'url' })}
                  {text('CompanyTerms', { type: 'url' })}
                  <ColumnLayout columns={3}>
                    {text('FacebookHandle')}
                    {text('TwitterHandle')}
                    {text('InstagramHandle')}
                  </ColumnLayout>
                  {text('AppleStoreLink', { type: 'url' })}
                  {text('PlayStoreLink', { type: 'url' })}
                </SpaceBetween>
              </Container>
            </SpaceBetween>
          </Grid>
        </SpaceBetween>
      </Form>
    </form>
  );
}
