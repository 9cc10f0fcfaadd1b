import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { GatewayPayment } from '../../../../shared/src/contract/payments';
import { useApi } from '../../api/api-context';
import { errorText } from '../../components/error-text';
import { CHECKOUT_CLOSE_MS } from '../../components/checkout/checkout-modal';
import './test-gateway.css';

/**
 * The built-in test gateway's own page (where the deployment switches it on): what a provider
 * shows after the checkout form arrives. Pay approves, Cancel declines; the gateway then confirms
 * to the platform's webhook and this page returns the browser to the merchant's result page.
 */
export default function TestGatewayPage() {
  const { t } = useTranslation();
  const api = useApi();
  const [params] = useSearchParams();
  const id = params.get('payment') ?? '';
  const [payment, setPayment] = useState<GatewayPayment>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'approve' | 'decline'>();

  useEffect(() => {
    api.fetchGatewayPayment({ params: { id } }).then(setPayment, () => setError(t('gw_not_found')));
  }, [api, id, t]);

  useEffect(() => {
    if (!payment || payment.status === 'open') return undefined;
    const timer = setTimeout(() => window.location.assign(`${payment.returnUrl}${payment.status === 'declined' ? '&cancelled=1' : ''}`), CHECKOUT_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [payment]);

  const decide = (decision: 'approve' | 'decline') => {
    setBusy(decision);
    api.decideGatewayPayment({ params: { id }, body: { decision } })
      .then(setPayment, (e) => setError(errorText(t, e)))
      .finally(() => setBusy(undefined));
  };

  const provider = payment ? t(`provider_${payment.provider}`, { defaultValue: payment.provider }) : '';
  return (
    <main className="test-gateway">
      <Container header={<Header variant="h1">{payment ? t('gw_title', { provider }) : ' '}</Header>} data-testid="gateway">
        <SpaceBetween size="l">
          {!payment && !error ? <Spinner size="large" /> : null}
          {error ? <Alert type="error">{error}</Alert> : null}
          {payment ? (
            <>
              <Alert type="warning">{t('gw_test_notice')}</Alert>
              <Box variant="awsui-value-large" data-testid="gateway-amount">{`${payment.amount} ${payment.currency}`}</Box>
              <KeyValuePairs
                columns={2}
                items={[
                  { label: t('gw_product'), value: payment.product_name },
                  { label: t('gw_merchant_order'), value: payment.order_id },
                  { label: t('gw_customer'), value: payment.customer },
                  { label: t('field_email'), value: payment.email },
                ]}
              />
              {payment.status === 'open' ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button onClick={() => decide('decline')} loading={busy === 'decline'} disabled={!!busy} data-testid="gateway-cancel">{t('gw_cancel')}</Button>
                  <Button variant="primary" onClick={() => decide('approve')} loading={busy === 'approve'} disabled={!!busy} data-testid="gateway-pay">{t('gw_pay')}</Button>
                </SpaceBetween>
              ) : (
                <SpaceBetween size="s">
                  <Alert type={payment.status === 'approved' ? 'success' : 'info'} data-testid="gateway-outcome">{t(payment.status === 'approved' ? 'gw_approved' : 'gw_declined')}</Alert>
                  <a href={payment.returnUrl}>{t('gw_return')}</a>
                </SpaceBetween>
              )}
            </>
          ) : null}
        </SpaceBetween>
      </Container>
    </main>
  );
}
