import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import Alert from '@cloudscape-design/components/alert';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SosAlert } from '../../../../shared/src/contract/sos';
import { SOS_NOTE_MAX } from '../../../../shared/src/domain/sos';
import { useApi } from '../../api/api-context';
import { useSettings } from '../../app/settings-context';
import { errorText } from '../../components/error-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';
import { bookingFormat } from '../booking/booking-format';
import { tripHref } from '../trip/trip-href';

const STATUS_TYPE = { open: 'error', acknowledged: 'in-progress', closed: 'success' } as const;

/** A map of the spot in the browser's own map site; the operator may need to send someone there. */
const mapHref = (p: { lat: number; lng: number }) => `https://www.openstreetmap.org/?mlat=${p.lat}&mlon=${p.lng}#map=17/${p.lat}/${p.lng}`;

/**
 * Admins, and fleet admins for their own drivers' trips: the SOS alerts still needing someone,
 * live (topic `sos`, or `sos/fleet/<uid>`; the server scopes the list the same way): who asked, on
 * which trip, where, whether their contact was texted; acknowledge it, then close it with what was
 * done. Each step is kept with the name and the time. Hidden while there is none.
 */
export function SosAlertsPanel({ topic }: { topic: string }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const f = useMemo(() => bookingFormat(t, locale, settings.symbol, settings.timeZone), [t, locale, settings.symbol, settings.timeZone]);
  const load = useCallback((signal: AbortSignal) => api.fetchSosAlerts({ query: { state: 'active' } }, { signal }), [api]);
  const alerts = useApiQuery(load);
  useTopic(topic, alerts.reload);
  const [busy, setBusy] = useState<string>();
  const [closing, setClosing] = useState<SosAlert>();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();

  const act = async (id: string, work: () => Promise<unknown>) => {
    setBusy(id);
    setError(undefined);
    try {
      await work();
      alerts.reload();
      return true;
    } catch (e) {
      setError(errorText(t, e));
      alerts.reload();
      return false;
    } finally {
      setBusy(undefined);
    }
  };

  const items = alerts.data?.items ?? [];
  if (!alerts.error && items.length === 0) return null;

  return (
    <SpaceBetween size="s">
      <LoadErrorAlert error={alerts.error} onRetry={alerts.reload} />
      {error ? <Alert type="error" dismissible onDismiss={() => setError(undefined)}>{error}</Alert> : null}
      <Cards<SosAlert>
        data-testid="sos-alerts"
        variant="container"
        items={items}
        trackBy="id"
        cardsPerRow={[{ cards: 1 }, { minWidth: 760, cards: 2 }]}
        header={<Header variant="h2" counter={`(${items.length})`} description={t('sos_alerts_description')}>{t('sos_alerts_title')}</Header>}
        empty={<Box color="text-body-secondary">{t('sos_alerts_empty')}</Box>}
        cardDefinition={{
          header: (a) => (
            <SpaceBetween size="xxxs">
              <StatusIndicator type={STATUS_TYPE[a.status]}>{t(`sos_status_${a.status}`)}</StatusIndicator>
              <Box variant="h3" padding="n">{a.raisedBy.name} · {t(a.raisedBy.role === 'rider' ? 'sos_role_rider' : 'sos_role_driver')}</Box>
            </SpaceBetween>
          ),
          sections: [
            {
              id: 'raised', header: t('sos_col_raised'),
              content: (a) => (
                <SpaceBetween direction="horizontal" size="s">
                  <span>{f.dateTime(a.at)}</span>
                  <Link href={`tel:${a.raisedBy.mobile}`}>{a.raisedBy.mobile}</Link>
                </SpaceBetween>
              ),
            },
            {
              id: 'trip', header: t('sos_col_trip'),
              content: (a) => (
                <SpaceBetween size="xxxs">
                  <Link href={tripHref(a.bookingId)}>{a.bookingRef}</Link>
                  <Box variant="small">{a.pickupAddress} → {a.dropAddress}</Box>
                  <Box variant="small">{[a.riderName, a.driverName, a.vehicleNumber].filter(Boolean).join(' · ')}</Box>
                </SpaceBetween>
              ),
            },
            {
              id: 'where', header: t('sos_col_where'), width: 50,
              content: (a) => (a.position ? <Link href={mapHref(a.position)} external>{t('sos_open_map')}</Link> : <Box color="text-body-secondary">{t('sos_no_position')}</Box>),
            },
            {
              id: 'contact', header: t('sos_col_contact'), width: 50,
              content: (a) => t(a.contactTextedAt ? 'sos_contact_yes' : 'sos_contact_no'),
            },
            {
              id: 'history', header: t('sos_history'),
              content: (a) => (
                <SpaceBetween size="xxxs">
                  {a.audit.map((e) => (
                    <Box variant="small" key={`${e.action}-${e.at}`}>
                      {f.time(e.at)} · {t(`sos_action_${e.action}`, { name: e.byName })}{e.note ? `: ${e.note}` : ''}
                    </Box>
                  ))}
                </SpaceBetween>
              ),
            },
            {
              id: 'actions',
              content: (a) => (
                <SpaceBetween direction="horizontal" size="xs">
                  {a.status === 'open' ? (
                    <Button variant="primary" loading={busy === a.id} data-testid="sos-acknowledge"
                      onClick={() => void act(a.id, () => api.acknowledgeSosAlert({ params: { id: a.id }, body: {} }))}>{t('sos_acknowledge')}</Button>
                  ) : null}
                  <Button data-testid="sos-close" onClick={() => { setNote(''); setClosing(a); }}>{t('sos_close')}</Button>
                </SpaceBetween>
              ),
            },
          ],
        }}
      />
      <Modal
        visible={!!closing}
        onDismiss={() => setClosing(undefined)}
        header={t('sos_close_title')}
        data-testid="sos-close-modal"
        footer={(
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setClosing(undefined)}>{t('cancel')}</Button>
              <Button variant="primary" disabled={!note.trim()} loading={!!closing && busy === closing.id} data-testid="sos-close-confirm"
                onClick={() => { if (closing) void act(closing.id, () => api.closeSosAlert({ params: { id: closing.id }, body: { note: note.trim() } })).then((ok) => { if (ok) setClosing(undefined); }); }}>
                {t('sos_close_confirm')}
              </Button>
            </SpaceBetween>
          </Box>
        )}
      >
        <FormField label={t('sos_close_note')} description={t('sos_close_note_hint')} stretch>
          <Textarea value={note} rows={3} onChange={({ detail }) => setNote(detail.value.slice(0, SOS_NOTE_MAX))} data-testid="sos-close-note" />
        </FormField>
      </Modal>
    </SpaceBetween>
  );
}
