import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../shared/src/contract';
import { validateAddToWallet } from '../../../../shared/src/domain/wallet-rules';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../../components/error-text';
import { formatMoney } from '../../components/format-money';
import { UserPicker } from '../../components/user-picker/user-picker';

/** Spec §9: after a wallet change the balance is read again 1.5 s later. */
const REFRESH_DELAY_MS = 1500;

/**
 * Spec §2 /addtowallet: an admin credits a rider's or driver's wallet (§5: a user and an amount
 * above 0, else no_details_error; blank is 0). The user is found by a type-ahead over every rider
 * or driver. The server moves the money through the ledger; one Idempotency-Key per submission
 * means a double click credits once.
 */
export default function AddToWalletPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { notify } = useNotifications();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [usertype, setUsertype] = useState<'rider' | 'driver'>('rider');
  const [refresh, setRefresh] = useState(0);
  const [selected, setSelected] = useState<SelectProps.Option | null>(null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const key = useRef<string>(crypto.randomUUID());

  const toOption = useCallback((u: UserProfile): SelectProps.Option => ({
    value: u.id,
    label: `${u.firstName} ${u.lastName}`.trim(),
    description: u.email,
    tags: [formatMoney(u.walletBalance, settings.symbol, locale)],
  }), [settings.symbol, locale]);

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
        setTimeout(() => setRefresh((n) => n + 1), REFRESH_DELAY_MS);
      }, (e: unknown) => setError(isApiError(e) ? t(e.code, { defaultValue: errorText(t, e) }) : errorText(t, e)))
      .finally(() => setBusy(false));
  };

  return (
    <ContentLayout header={<Header variant="h1">{t('menu_add_to_wallet')}</Header>}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Form errorText={error} actions={<Button variant="primary" formAction="submit" loading={busy} data-testid="add-to-wallet-submit">{t('menu_add_to_wallet')}</Button>}>
          <Container>
            <SpaceBetween size="l">
              <SegmentedControl
                label={t('wallet_col_type')}
                selectedId={usertype}
                onChange={({ detail }) => { setUsertype(detail.selectedId as 'rider' | 'driver'); setSelected(null); }}
                options={[{ id: 'rider', text: t('role_rider') }, { id: 'driver', text: t('role_driver') }]}
              />
              <FormField label={t(usertype === 'rider' ? 'role_rider' : 'role_driver')}>
                <UserPicker
                  key={usertype}
                  usertype={usertype}
                  selected={selected}
                  onChange={(option) => setSelected(option)}
                  toOption={toOption}
                  placeholder={t('add_to_wallet_user')}
                  refreshKey={refresh}
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
