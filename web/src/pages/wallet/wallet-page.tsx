import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { ResponsiveCollection } from '../../components/collection/responsive-collection';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletEntry } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { useAuth } from '../../auth/auth-context';
import { EmptyState } from '../../components/empty-state';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import { useFollow } from '../../components/use-follow';
import { useTopic } from '../../live/use-topic';
import { CheckoutModal } from '../../components/checkout/checkout-modal';
import { useNotifications } from '../../app/notifications-context';
import { MyWithdraws } from './my-withdraws';
import { RequestWithdrawModal } from './request-withdraw-modal';
import { bookingFormat } from '../../features/booking/booking-format';

const PAGE = 25;

/**
 * /wallet (beyond the spec's screens): the rider's or driver's balance (spec walletBalance) and
 * its history (§3 Wallet history entry), newest first, older pages on demand. The balance lives
 * on the profile, so `user/<uid>` events (every movement changes it) re-read both.
 */
export default function WalletPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { user } = useAuth();
  const { settings } = useSettings();
  const follow = useFollow();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const f = useMemo(() => bookingFormat(t, locale, settings.symbol, settings.timeZone), [t, locale, settings.symbol, settings.timeZone]);
  const load = useCallback((signal: AbortSignal) => api.fetchWallet({ query: { limit: PAGE } }, { signal }), [api]);
  const first = useApiQuery(load);
  const [older, setOlder] = useState<{ items: WalletEntry[]; next?: string }>({ items: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  useTopic(`user/${user?.id ?? ''}`, () => { setOlder({ items: [] }); first.reload(); }, user !== null);

  const items = [...(first.data?.items ?? []), ...older.items];
  const next = older.items.length ? older.next : first.data?.next;
  const more = () => {
    if (!next) return;
    setLoadingMore(true);
    api.fetchWallet({ query: { limit: PAGE, cursor: next } })
      .then((page) => setOlder((o) => ({ items: [...o.items, ...page.items], next: page.next })))
      .finally(() => setLoadingMore(false));
  };
  const balance = first.data?.balance;
  const [toppingUp, setToppingUp] = useState(false);
  // Spec §6: a driver may request a withdrawal.
  const { role } = useAuth();
  const { notify } = useNotifications();
  const isDriver = role === 'driver';
  const [withdrawing, setWithdrawing] = useState(false);
  const [withdrawn, setWithdrawn] = useState(0);

  return (
    <ContentLayout header={<Header variant="h1" description={t('wallet_description')}>{t('wallet_title')}</Header>}>
      <SpaceBetween size="l">
        <LoadErrorAlert error={first.error} onRetry={first.reload} />
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  {isDriver ? (
                    <Button onClick={() => setWithdrawing(true)} disabled={balance === undefined || balance <= 0} data-testid="wallet-withdraw">
                      {t('withdraw_request')}
                    </Button>
                  ) : null}
                  <Button onClick={() => setToppingUp(true)} data-testid="wallet-topup">{t('pay_topup')}</Button>
                </SpaceBetween>
              }
            >
              {t('wallet_balance_now')}
            </Header>
          }
        >
          <SpaceBetween size="s">
            <Box variant="awsui-value-large" data-testid="wallet-balance">{balance === undefined ? '—' : f.money(balance)}</Box>
            {/* Below zero a driver holds cash owed to the platform; a rider owes a parcel's return and books again once topped up. */}
            {balance !== undefined && balance < 0 ? <Alert type="warning" data-testid="wallet-below-zero">{t(isDriver ? 'wallet_owed' : 'wallet_below_zero')}</Alert> : null}
          </SpaceBetween>
        </Container>
        <ResponsiveCollection<WalletEntry>
          header={<Header variant="h2" counter={first.data ? `(${items.length}${next ? '+' : ''})` : undefined}>{t('wallet_history')}</Header>}
          items={items}
          loading={first.loading && !first.data}
          loadingText={t('loading')}
          trackBy="txRef"
          empty={<EmptyState title={t('wallet_empty')} />}
          columnDefinitions={[
            { id: 'date', header: t('wallet_col_date'), cell: (e) => f.dateTime(e.date) },
            {
              id: 'type', header: t('wallet_col_type'),
              cell: (e) => <StatusIndicator type={e.type === 'Credit' ? 'success' : 'info'}>{t(`wallet_type_${e.type}`)}</StatusIndicator>,
            },
            { id: 'amount', header: t('wallet_col_amount'), cell: (e) => `${e.type === 'Credit' ? '+' : '−'}${f.money(e.amount)}` },
            { id: 'reason', header: t('wallet_col_reason'), cell: (e) => t(`wallet_reason_${e.reason}`) },
            {
              id: 'booking', header: t('wallet_col_booking'),
              cell: (e) => (e.bookingId ? <Link href={`/trip?id=${encodeURIComponent(e.bookingId)}`} onFollow={follow}>{e.bookingId}</Link> : '—'),
            },
          ]}
          footer={next ? <Box textAlign="center"><Button onClick={more} loading={loadingMore}>{t('wallet_load_more')}</Button></Box> : undefined}
          data-testid="wallet-history"
        />
        {isDriver && user ? <MyWithdraws uid={user.id} refreshKey={withdrawn} /> : null}
      </SpaceBetween>
      {toppingUp ? <CheckoutModal subject={{ kind: 'topup' }} onClose={() => setToppingUp(false)} /> : null}
      {withdrawing && user && balance !== undefined ? (
        <RequestWithdrawModal
          profile={user}
          balance={balance}
          bankFields={Boolean(settings.bank_fields)}
          symbol={settings.symbol}
          onDismiss={() => setWithdrawing(false)}
          onRequested={() => {
            setWithdrawing(false);
            setWithdrawn((n) => n + 1);
            notify({ id: 'wallet-withdraw', type: 'success', messageKey: 'withdraw_requested_notice' });
            setOlder({ items: [] });
            first.reload();
          }}
        />
      ) : null}
    </ContentLayout>
  );
}
