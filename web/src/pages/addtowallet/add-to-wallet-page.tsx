import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateAddToWallet } from '../../../../shared/src/domain/wallet-rules';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../../components/error-text';
import { formatMoney } from '../../components/format-money';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';

/** Spec §9: after a wallet change the balance is read again 1.5 s later. */
const REFRESH_DELAY_MS = 1500;

/**
 * Spec §2 /addtowallet: an admin credits a rider's or driver's wallet (§5: a user and an amount
 * above 0, else no_details_error; blank is 0). The server moves the money through the ledger; one
 * Idempotency-Key per submission means a double click credits once.
 */
export default function AddToWalletPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { notify } = useNotifications();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [usertype, setUsertype] = useState<'rider' | 'driver'>('rider');
  const load = useCallback((signal: AbortSignal) => api.fetchUsers({ query: { usertype, limit: 100 } }, { signal }), [api, usertype]);
  const users = useApiQuery(load);
  const [selected, setSelected] = useState<SelectProps.Option | null>(null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const key = useRef<string>(crypto.randomUUID());

  const options = useMemo(() => (users.data?.items ?? []).map((u) => ({
    value: u.id,
    label: `${u.firstName} ${u.lastName}`.trim(),
    description: u.email,
    tags: [formatMoney(u.walletBalance, settings.symbol, locale)],
  })), [users.data, settings.symbol, locale]);

  const submit = () => {
    // The field's surrounding spaces are the form's to drop; the amount itself is judged by the strict money rule.
    const typed = amount.trim();
    const check = validateAddToWallet({ userType: selected ? usertype : undefined, amount: typed });
    if (!check.ok) { setError(t(check.key)); return; }
    setError(undefined);
    setBusy(true);
    api.addToWallet({ params: { uid: String(selected!.value) }, body: { amount: typed } }, { headers: { 'Idempotency-Key': key.current } })
      .then((res) => {
        notify({ id: 'add-to-wallet', type: 'success', messageKey: res.message });
        key.current = crypto.randomUUID();
        setAmount('');
        setTimeout(users.reload, REFRESH_DELAY_MS);
      }, (e: unknown) => setError(isApiError(e) ? t(e.code, { defaultValue: errorText(t, e) }) : errorText(t, e)))
      .finally(() => setBusy(false));
  };

  return (
    <ContentLayout header={<Header variant="h1">{t('menu_add_to_wallet')}</Header>}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Form errorText={error} actions={<Button variant="primary" formAction="submit" loading={busy} data-testid="add-to-wallet-submit">{t('menu_add_to_wallet')}</Button>}>
          <Container>
            <SpaceBetween size="l">
              <LoadErrorAlert error={users.error} onRetry={users.reload} />
              <SegmentedControl
                label={t('wallet_col_type')}
                selectedId={usertype}
                onChange={({ detail }) => { setUsertype(detail.selectedId as 'rider' | 'driver'); setSelected(null); }}
                options={[{ id: 'rider', text: t('role_rider') }, { id: 'driver', text: t('role_driver') }]}
              />
              <FormField label={t(usertype === 'rider' ? 'role_rider' : 'role_driver')}>
                <Select
                  selectedOption={selected ? options.find((o) => o.value === selected.value) ?? selected : null}
                  onChange={({ detail }) => setSelected(detail.selectedOption)}
                  options={options}
                  filteringType="auto"
                  statusType={users.loading ? 'loading' : 'finished'}
                  loadingText={t('loading')}
                  placeholder={t('add_to_wallet_user')}
                  data-testid="add-to-wallet-user"
                />
              </FormField>
              <FormField label={t('wallet_col_amount')} description={settings.symbol}>
                <Input value={amount} inputMode="decimal" onChange={({ detail }) => setAmount(detail.value)} data-testid="add-to-wallet-amount" />
              </FormField>
            </SpaceBetween>
          </Container>
        </Form>
      </form>
    </ContentLayout>
  );
}
