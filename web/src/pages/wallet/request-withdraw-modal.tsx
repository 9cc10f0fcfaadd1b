import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { UserProfile } from '../../../../shared/src/contract/users';
import type { Withdraw } from '../../../../shared/src/contract/withdraws';
import { BANK_FIELDS, parseWithdrawAmount, resolveBankDetails, type BankField } from '../../../../shared/src/domain/withdraw-rules';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { errorText } from '../../components/error-text';
import { formatMoney } from '../../components/format-money';
import { ModalFooter } from '../../components/modal-footer';
import { ProblemAlert, type ActionProblem } from '../../components/problem-alert';

const BANK_LABEL: Record<BankField, string> = { bankName: 'bank_name', bankCode: 'bank_code', bankAccount: 'bank_account' };

export interface RequestWithdrawModalProps {
  /** The driver (their bank details prefill the form). */
  profile: UserProfile;
  /** The balance now (decimal). */
  balance: number;
  /** Settings `bank_fields`: the bank details are asked for and required. */
  bankFields: boolean;
  symbol: string;
  onDismiss: () => void;
  onRequested: (w: Withdraw & { balance: number }) => void;
}

/**
 * Spec §6: a driver asks to withdraw from their wallet. The amount is checked here with the
 * server's own rule (above 0, two decimals at most, not above the balance); the bank details,
 * prefilled from the profile, are required while `bank_fields` is on. One Idempotency-Key per
 * dialog: a double click is one request.
 */
export function RequestWithdrawModal({ profile, balance, bankFields, symbol, onDismiss, onRequested }: RequestWithdrawModalProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [amount, setAmount] = useState('');
  const [bank, setBank] = useState<Record<BankField, string>>({
    bankName: profile.bankName ?? '', bankCode: profile.bankCode ?? '', bankAccount: profile.bankAccount ?? '',
  });
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ActionProblem>();
  const key = useRef(crypto.randomUUID());

  const parsed = parseWithdrawAmount(amount.trim());
  const amountError = !parsed.ok
    ? t('withdraw_amount_invalid')
    : parsed.minor > Math.round(balance * 100) ? t('withdraw_amount_over_balance') : undefined;
  // Bank details kept on the profile are used as they are (the server takes them when none are sent):
  // the driver is not asked to type them again, only told where they go and where to change them.
  const kept = bankFields && BANK_FIELDS.every((f) => (profile[f] ?? '').trim() !== '');
  const missing = new Set(kept ? [] : resolveBankDetails(bankFields, bank, {}).missing);

  const submit = () => {
    setChecked(true);
    if (amountError || missing.size) return;
    setBusy(true);
    setProblem(undefined);
    const body = { amount: amount.trim(), ...(bankFields && !kept ? Object.fromEntries(BANK_FIELDS.map((f) => [f, bank[f].trim()])) : {}) };
    api.requestWithdraw({ body }, { headers: { 'Idempotency-Key': key.current } })
      .then(onRequested, (e: unknown) => setProblem({ key: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) }))
      .finally(() => setBusy(false));
  };

  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={t('withdraw_request_title')}
      closeAriaLabel={t('close')}
      footer={<ModalFooter onCancel={onDismiss} onConfirm={submit} busy={busy} confirmLabel={t('withdraw_request_submit')} confirmTestId="withdraw-request-submit" />}
    >
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <SpaceBetween size="m">
          <Box variant="p" color="text-body-secondary">{t('withdraw_request_description')}</Box>
          <FormField
            label={t('withdraw_col_amount')}
            description={t('withdraw_amount_hint', { balance: formatMoney(balance, symbol, locale) })}
            errorText={checked ? amountError : undefined}
          >
            <Input value={amount} inputMode="decimal" autoFocus onChange={({ detail }) => setAmount(detail.value)} data-testid="withdraw-amount" />
          </FormField>
          {kept ? (
            <Box data-testid="withdraw-bank-kept">
              {t('withdraw_bank_from_profile', { bank: profile.bankName, account: (profile.bankAccount ?? '').slice(-4) })}{' '}
              <Link onFollow={(e) => { e.preventDefault(); navigate('/profile'); }} href="/profile">{t('withdraw_bank_change')}</Link>
            </Box>
          ) : null}
          {bankFields && !kept ? <Box variant="small" color="text-body-secondary">{t('withdraw_bank_keep_hint')}</Box> : null}
          {bankFields && !kept
            ? BANK_FIELDS.map((f) => (
              <FormField key={f} label={t(BANK_LABEL[f])} errorText={checked && missing.has(f) ? t('withdraw_bank_required') : undefined}>
                <Input value={bank[f]} onChange={({ detail }) => setBank((b) => ({ ...b, [f]: detail.value }))} data-testid={`withdraw-${f}`} />
              </FormField>
            ))
            : null}
          <ProblemAlert problem={problem} testId="withdraw-request-error" />
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}
