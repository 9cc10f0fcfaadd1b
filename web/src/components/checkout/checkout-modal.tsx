import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { MAX_TOP_UP, MIN_TOP_UP } from '../../../../shared/src/domain/payments';
import { parseMoney } from '../../../../shared/src/domain/money';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../error-text';
import { formatMoney } from '../format-money';
import { postToProvider } from './post-to-provider';

/** Spec §9: the payment dialogs close 1.5 s after pay or cancel. */
export const CHECKOUT_CLOSE_MS = 1500;

export type CheckoutSubject = { kind: 'booking'; booking: BookingView } | { kind: 'topup' };

/**
 * The provider chooser and checkout (spec §4 Payment, Pay now): the enabled providers with the
 * first preselected, a promo code for a booking (the server computes the discount), or the amount
 * of a wallet top-up; Pay asks the server for the checkout and posts its form to the provider.
 */
export function CheckoutModal({ subject, onClose, onBookingChange }: { subject: CheckoutSubject; onClose: () => void; onBookingChange?: (b: BookingView) => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const money = (v: number) => formatMoney(v, settings.symbol, locale);
  const [providers, setProviders] = useState<{ name: string }[]>();
  const [provider, setProvider] = useState('');
  const [booking, setBooking] = useState(subject.kind === 'booking' ? subject.booking : undefined);
  const [code, setCode] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState<'promo' | 'pay'>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<'paying' | 'cancelled'>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    api.getProviders().then(
      (out) => {
        setProviders(out.items);
        setProvider(out.items[0]?.name ?? '');
      },
      (e) => {
        setProviders([]);
        setError(errorText(t, e));
      },
    );
  }, [api, t]);

  const closeSoon = (how: 'paying' | 'cancelled') => {
    setDone(how);
    timer.current = setTimeout(onClose, CHECKOUT_CLOSE_MS);
  };

  // A top-up is judged by the contract's strict money rule ("1e2" is not 100), within the top-up limits.
  const topUp = parseMoney(amount.trim(), { positive: true, maxMinor: MAX_TOP_UP });
  const due = booking ? Math.max(0, Math.round((booking.trip_cost - (booking.discount ?? 0)) * 100) / 100) : topUp.ok && topUp.minor >= MIN_TOP_UP ? topUp.minor / 100 : 0;

  const applyPromo = () => {
    if (!booking || !code.trim()) return;
    setBusy('promo');
    setError(undefined);
    api.applyPromo({ params: { id: booking.id }, body: { code: code.trim() } })
      .then((b) => {
        setBooking(b);
        onBookingChange?.(b);
      }, (e) => setError(errorText(t, e)))
      .finally(() => setBusy(undefined));
  };

  const pay = () => {
    setBusy('pay');
    setError(undefined);
    const body = booking ? { kind: 'booking' as const, bookingId: booking.id, provider } : { kind: 'topup' as const, amount: amount.trim(), provider };
    api.checkout({ body: body as never })
      .then((c) => {
        postToProvider(c);
        closeSoon('paying');
      }, (e) => setError(errorText(t, e)))
      .finally(() => setBusy(undefined));
  };

  const title = booking ? t('pay_booking_title', { id: booking.booking_id }) : t('pay_topup_title');
  return (
    <Modal
      visible
      header={title}
      onDismiss={() => (done ? onClose() : closeSoon('cancelled'))}
      closeAriaLabel={t('close')}
      data-testid="checkout"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={!!done} onClick={() => closeSoon('cancelled')} data-testid="checkout-cancel">{t('cancel')}</Button>
            <Button
              variant="primary"
              loading={busy === 'pay'}
              disabled={!!done || !provider || !(due > 0)}
              onClick={pay}
              data-testid="checkout-pay"
            >
              {due > 0 ? t('pay_submit', { amount: money(due) }) : t('pay_title')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {providers === undefined ? <Spinner /> : null}
        {providers?.length ? (
          <FormField label={t('pay_provider')}>
            <RadioGroup
              value={provider}
              onChange={({ detail }) => setProvider(detail.value)}
              items={providers.map((p) => ({ value: p.name, label: t(`provider_${p.name}`, { defaultValue: p.name }) }))}
              data-testid="checkout-providers"
            />
          </FormField>
        ) : null}
        {booking ? (
          <>
            <KeyValuePairs
              columns={2}
              items={[
                { label: t('pay_amount_due'), value: <span data-testid="checkout-due">{money(due)}</span> },
                ...(booking.promo_details ? [{ label: t('pay_promo'), value: t('pay_promo_applied', { name: booking.promo_details.promo_name, discount: money(booking.promo_details.discount) }) }] : []),
              ]}
            />
            {!booking.promo_applied ? (
              <FormField label={t('pay_promo')}>
                <SpaceBetween direction="horizontal" size="xs">
                  <Input value={code} onChange={({ detail }) => setCode(detail.value)} disabled={!!done} data-testid="checkout-promo" />
                  <Button onClick={applyPromo} loading={busy === 'promo'} disabled={!code.trim() || !!done} data-testid="checkout-promo-apply">{t('pay_promo_apply')}</Button>
                </SpaceBetween>
              </FormField>
            ) : null}
          </>
        ) : (
          <FormField label={t('pay_topup_amount')} constraintText={t('pay_topup_amount_hint', { min: money(MIN_TOP_UP / 100), max: money(MAX_TOP_UP / 100) })}>
            <Input type="number" inputMode="decimal" value={amount} onChange={({ detail }) => setAmount(detail.value)} disabled={!!done} data-testid="checkout-amount" />
          </FormField>
        )}
        {error ? <Alert type="error" data-testid="checkout-error">{error}</Alert> : null}
        {done === 'paying' ? <Alert type="info" data-testid="checkout-opened">{t(booking ? 'pay_opened' : 'pay_topup_opened')}</Alert> : null}
        {done === 'cancelled' ? <Alert type="info">{t('pay_cancelled')}</Alert> : null}
      </SpaceBetween>
    </Modal>
  );
}
