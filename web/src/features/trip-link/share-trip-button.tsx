import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { tripLinkLive } from '../../../../shared/src/domain/trip-link';
import { useApi } from '../../api/api-context';
import { errorText } from '../../components/error-text';

/**
 * The rider's "Share trip": makes a link anyone can open without an account, to copy and send,
 * and takes it back. The link's secret is shown only here, when it is made (the platform keeps
 * only its hash), so a closed dialog offers a new link rather than the old one.
 */
export function ShareTripButton({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string>();
  const [revoked, setRevoked] = useState(false);
  const [busy, setBusy] = useState<'create' | 'revoke'>();
  const [error, setError] = useState<string>();
  if (!tripLinkLive(booking.status)) return null;

  const run = (what: 'create' | 'revoke', work: () => Promise<void>) => {
    setBusy(what);
    setError(undefined);
    work().catch((e: unknown) => setError(errorText(t, e))).finally(() => setBusy(undefined));
  };
  const create = () => run('create', async () => {
    const link = await api.createTripLink({ params: { id: booking.id }, body: {} });
    setUrl(`${window.location.origin}${link.path}`);
    setRevoked(false);
  });
  const revoke = () => run('revoke', async () => {
    await api.revokeTripLink({ params: { id: booking.id } });
    setUrl(undefined);
    setRevoked(true);
  });

  return (
    <>
      <Button iconName="share" onClick={() => setOpen(true)} data-testid="trip-share">{t('trip_share')}</Button>
      <Modal
        visible={open}
        onDismiss={() => setOpen(false)}
        header={t('trip_share_title')}
        footer={(
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              {url ? <Button onClick={revoke} loading={busy === 'revoke'} data-testid="trip-share-revoke">{t('trip_share_revoke')}</Button> : null}
              <Button variant={url ? 'normal' : 'primary'} onClick={create} loading={busy === 'create'} data-testid="trip-share-create">
                {t(url ? 'trip_share_new' : 'trip_share_create')}
              </Button>
              <Button variant={url ? 'primary' : 'link'} onClick={() => setOpen(false)}>{t('trip_share_close')}</Button>
            </SpaceBetween>
          </Box>
        )}
        data-testid="trip-share-modal"
      >
        <SpaceBetween size="m">
          <Box variant="p">{t('trip_share_intro')}</Box>
          {url ? (
            <FormField label={t('trip_share_link')} description={t('trip_share_new_hint')} stretch>
              <SpaceBetween size="xs">
                <Input value={url} readOnly ariaLabel={t('trip_share_link')} data-testid="trip-share-url" onChange={() => undefined} />
                <CopyToClipboard
                  variant="button"
                  textToCopy={url}
                  copyButtonText={t('trip_share_copy')}
                  copySuccessText={t('trip_share_copied')}
                  copyErrorText={t('trip_share_copy_failed')}
                />
              </SpaceBetween>
            </FormField>
          ) : null}
          {revoked ? <Alert type="success" data-testid="trip-share-revoked">{t('trip_share_revoked')}</Alert> : null}
          {error ? <Alert type="error">{error}</Alert> : null}
        </SpaceBetween>
      </Modal>
    </>
  );
}
