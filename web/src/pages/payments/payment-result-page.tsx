import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PaymentView } from '../../../../shared/src/contract/payments';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../../components/error-text';
import { formatMoney } from '../../components/format-money';

/** Confirmations come from the provider, not the browser: ask again this often while it is open. */
const POLL_MS = 1500;
const POLL_FOR_MS = 60_000;

/**
 * Where a provider sends the browser back (/payment-result?order=…). The return itself proves
 * nothing: the page shows what the server knows of the payment, asking again until the
 * provider's confirmation has arrived.
 */
export default function PaymentResultPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { settings } = useSettings();
  const [params] = useSearchParams();
  const order = params.get('order') ?? '';
  const cancelled = params.get('cancelled') === '1';
  const [payment, setPayment] = useState<PaymentView>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const started = Date.now();
    const ask = () => {
      api.fetchPayment({ params: { orderId: order } }).then((p) => {
        if (stopped) return;
        setPayment(p);
        if (p.status === 'OPEN' && !cancelled && Date.now() - started < POLL_FOR_MS) timer = setTimeout(ask, POLL_MS);
      }, (e) => !stopped && setError(errorText(t, e)));
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, order, cancelled, t]);

  const money = (v: number) => formatMoney(v, settings.symbol, i18n.resolvedLanguage ?? i18n.language);
  const provider = payment ? t(`provider_${payment.provider}`, { defaultValue: payment.provider }) : '';
  let status: ReactNode = null;
  if (error) status = <StatusIndicator type="error">{error}</StatusIndicator>;
  else if (!payment) status = <StatusIndicator type="loading">{t('loading')}</StatusIndicator>;
  else if (payment.status === 'OPEN') {
    status = cancelled
      ? <StatusIndicator type="stopped">{t('pay_result_cancelled')}</StatusIndicator>
      : <StatusIndicator type="loading">{t('pay_result_waiting', { provider })}</StatusIndicator>;
  } else {
    const type = payment.status === 'DECLINED' ? 'error' : 'success';
    status = <StatusIndicator type={type}>{t(`pay_result_${payment.status}`, { amount: money(payment.amount) })}</StatusIndicator>;
  }

  return (
    <ContentLayout header={<Header variant="h1">{t('pay_result_title')}</Header>}>
      <Container>
        <SpaceBetween size="l">
          <Box fontSize="heading-m" data-testid="payment-result">{status}</Box>
          {payment ? (
            <SpaceBetween direction="horizontal" size="xs">
              {payment.bookingId ? <Button variant="primary" onClick={() => navigate(`/trip?id=${payment.bookingId}`)}>{t('pay_result_to_trip')}</Button> : null}
              {payment.kind === 'topup' || payment.status === 'CREDITED' ? <Button onClick={() => navigate('/wallet')}>{t('pay_result_to_wallet')}</Button> : null}
            </SpaceBetween>
          ) : null}
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
