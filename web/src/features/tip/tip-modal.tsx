import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { parseMoney } from '../../../../shared/src/domain/money';
import { maxTip, TIP_ABSOLUTE_MAX, tipPresets } from '../../../../shared/src/domain/tips';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { CHECKOUT_CLOSE_MS } from '../../components/checkout/checkout-modal';
import { postToProvider } from '../../components/checkout/post-to-provider';
import { errorText } from '../../components/error-text';
import { formatMoney } from '../../components/format-money';

const CUSTOM = 'custom';
const toMinor = (decimal: number) => Math.round(decimal * 100);

/**
 * The rider's Add a tip dialog: preset amounts from the trip's price (domain `tipPresets`) or an
 * amount of their own within the trip's limit, paid from the wallet (at once, with an
 * Idempotency-Key, so a double tap tips once) or by card through a provider's checkout. The
 * server decides; the dialog only spares the rider a refusal it can foresee.
 */
export function TipModal({ booking: b, onClose, onTipped }: { booking: BookingView; onClose: () => void; onTipped: (b: BookingView, amount: number) => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const money = (minor: number) => formatMoney(minor / 100, settings.symbol, i18n.resolvedLanguage ?? i18n.language);
  const cost = toMinor(b.trip_cost);
  const presets = useMemo(() => tipPresets(cost), [cost]);
  const limit = maxTip(cost);
  const amountLabel = useId();
  const [choice, setChoice] = useState(presets[1] !== undefined ? String(presets[1]) : CUSTOM);
  const [custom, setCustom] = useState('');
  const [method, setMethod] = useState<'wallet' | 'card'>('wallet');
  const [balance, setBalance] = useState<number>();
  const [providers, setProviders] = useState<{ name: string }[]>();
  const [provider, setProvider] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [opened, setOpened] = useState(false);
  // One key per amount and method: a retry of the same tip is the same request, a changed one is new.
  const key = useRef({ of: '', key: '' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    api.fetchWallet({ query: { limit: 1 } }).then((w) => setBalance(toMinor(w.balance)), () => setBalance(undefined));
    api.getProviders().then((out) => {
      setProviders(out.items);
      setProvider(out.items[0]?.name ?? '');
    }, () => setProviders([]));
  }, [api]);

  const typed = parseMoney(custom.trim(), { positive: true, maxMinor: TIP_ABSOLUTE_MAX });
  const amount = choice === CUSTOM ? (typed.ok ? typed.minor : 0) : Number(choice);
  const customError = choice === CUSTOM && custom.trim() !== '' && (!typed.ok || typed.minor > limit) ? t(typed.ok ? 'tip_too_large' : 'tip_amount_invalid') : undefined;
  const walletShort = method === 'wallet' && balance !== undefined && amount > 0 && balance < amount;
  const ready = amount > 0 && amount <= limit && !walletShort && (method === 'wallet' || provider !== '') && !opened;

  const submit = () => {
    setBusy(true);
    setError(undefined);
    const of = `${method}:${amount}`;
    if (key.current.of !== of) key.current = { of, key: crypto.randomUUID() };
    const decimal = (amount / 100).toFixed(2);
    const done = method === 'wallet'
      ? api.addTip({ params: { id: b.id }, body: { amount: decimal } }, { headers: { 'Idempotency-Key': key.current.key } }).then((next) => onTipped(next, amount))
      : api.checkout({ body: { kind: 'tip', bookingId: b.id, amount: decimal, provider: provider as never } }, { headers: { 'Idempotency-Key': key.current.key } }).then((c) => {
        postToProvider(c);
        setOpened(true);
        timer.current = setTimeout(onClose, CHECKOUT_CLOSE_MS);
      });
    done.catch((e) => setError(errorText(t, e))).finally(() => setBusy(false));
  };

  return (
    <Modal
      visible
      header={t('tip_title', { driver: b.driver_name ?? t('trip_driver') })}
      onDismiss={onClose}
      closeAriaLabel={t('close')}
      data-testid="tip-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="tip-cancel">{t('cancel')}</Button>
            <Button variant="primary" loading={busy} disabled={!ready} onClick={submit} data-testid="tip-submit">
              {amount > 0 ? t('tip_submit', { amount: money(amount) }) : t('tip_add')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p" color="text-body-secondary">{t('tip_intro')}</Box>
        {/* Named by the field's label, which the control's own would repeat where it turns into a list (a phone). */}
        <FormField label={<span id={amountLabel}>{t('tip_amount')}</span>}>
          <SegmentedControl
            ariaLabelledby={amountLabel}
            selectedId={choice}
            onChange={({ detail }) => setChoice(detail.selectedId)}
            options={[...presets.map((p) => ({ id: String(p), text: money(p) })), { id: CUSTOM, text: t('tip_custom') }]}
            data-testid="tip-presets"
          />
        </FormField>
        {choice === CUSTOM ? (
          <FormField label={t('tip_custom')} constraintText={t('tip_custom_hint', { max: money(limit) })} errorText={customError}>
            <Input type="number" inputMode="decimal" value={custom} onChange={({ detail }) => setCustom(detail.value)} data-testid="tip-custom" autoFocus />
          </FormField>
        ) : null}
        <FormField label={t('tip_method')}>
          <RadioGroup
            value={method}
            onChange={({ detail }) => setMethod(detail.value as 'wallet' | 'card')}
            items={[
              { value: 'wallet', label: t('tip_method_wallet', { balance: balance === undefined ? '…' : money(balance) }) },
              { value: 'card', label: t('tip_method_card'), disabled: providers !== undefined && providers.length === 0 },
            ]}
            data-testid="tip-method"
          />
        </FormField>
        {method === 'card' && providers?.length ? (
          <FormField label={t('tip_provider')}>
            <RadioGroup
              value={provider}
              onChange={({ detail }) => setProvider(detail.value)}
              items={providers.map((p) => ({ value: p.name, label: t(`provider_${p.name}`, { defaultValue: p.name }) }))}
              data-testid="tip-providers"
            />
          </FormField>
        ) : null}
        {walletShort ? <Alert type="warning" data-testid="tip-wallet-short">{t('tip_wallet_short')}</Alert> : null}
        {error ? <Alert type="error" data-testid="tip-error">{error}</Alert> : null}
        {opened ? <Alert type="info" data-testid="tip-card-opened">{t('tip_card_opened')}</Alert> : null}
      </SpaceBetween>
    </Modal>
  );
}
