import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { SOS_NOTE_MAX, sosAllowed } from '../../../../shared/src/domain/sos';
import { useApi } from '../../api/api-context';
import { useAuth } from '../../auth/auth-context';
import { errorText } from '../../components/error-text';

/** Where the phone is, if it says so quickly: help should not wait on a slow fix. */
function quickPosition(): Promise<{ lat: number; lng: number } | undefined> {
  if (!('geolocation' in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => resolve(undefined),
      { timeout: 3000, maximumAge: 60_000 },
    );
  });
}

/**
 * The rider's and the driver's SOS during a trip in progress: one confirmation (a pocket press
 * must not alert anyone), then admins are alerted with the trip and the position, and the
 * person's emergency contact is texted a link to follow the trip. Pressing again while the alert
 * is open answers the same alert.
 */
export function SosButton({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!sosAllowed(booking.status)) return null;

  const send = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const position = await quickPosition();
      await api.raiseSos({ params: { id: booking.id }, body: { ...(position ? { position } : {}), ...(note.trim() ? { note: note.trim() } : {}) } });
      setOpen(false);
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button iconName="status-warning" onClick={() => setOpen(true)} data-testid="trip-sos">{t('sos_button')}</Button>
      <Modal
        visible={open}
        onDismiss={() => setOpen(false)}
        header={t('sos_title')}
        data-testid="trip-sos-modal"
        footer={(
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setOpen(false)}>{t('sos_keep')}</Button>
              <Button variant="primary" loading={busy} onClick={() => void send()} data-testid="trip-sos-confirm">{t('sos_send')}</Button>
            </SpaceBetween>
          </Box>
        )}
      >
        <SpaceBetween size="m">
          <Box variant="p">{t('sos_intro')}</Box>
          <Alert type="error">{t('sos_danger')}</Alert>
          <FormField label={t('sos_note')} stretch>
            <Textarea value={note} rows={2} onChange={({ detail }) => setNote(detail.value.slice(0, SOS_NOTE_MAX))} data-testid="trip-sos-note" />
          </FormField>
          {error ? <Alert type="error">{error}</Alert> : null}
        </SpaceBetween>
      </Modal>
    </>
  );
}

/**
 * The trip's flag, for both of its people: an SOS was raised and admins know. Shown while the trip
 * lasts; the hint to add an emergency contact goes to whoever has none.
 */
export function SosNotice({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const { user, role } = useAuth();
  if (!booking.sosAlert || !sosAllowed(booking.status)) return null;
  // Admins and fleet admins see the flag; the alert itself is on the dashboard.
  const party = role === 'rider' || role === 'driver';
  return (
    <Alert type="warning" header={t('sos_flag')} data-testid="trip-sos-sent">
      {party ? (
        <SpaceBetween size="xxs">
          <span>{t('sos_sent')}</span>
          {!user?.emergencyContact ? <Box variant="small">{t('sos_no_contact')}</Box> : null}
        </SpaceBetween>
      ) : null}
    </Alert>
  );
}
