import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from '../../../../shared/src/contract';
import { tipRefusal } from '../../../../shared/src/domain/tips';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { formatMoney } from '../../components/format-money';
import { TipModal } from './tip-modal';

/**
 * Whether the rider's own paid or completed trip offers "Add a tip": the server's own rule
 * (`tipRefusal`: a driver, PAID or COMPLETE, no tip yet, within the window), and only where money
 * may move (§5 demo mode). The caller decides, so a row of buttons holds no empty slot for it.
 */
export function tipOffered(b: BookingView, criticalEdits: boolean): boolean {
  const view = { ...b, trip_cost: Math.round(b.trip_cost * 100), tip: b.tip === undefined ? undefined : Math.round(b.tip * 100) };
  return criticalEdits && tipRefusal(view, b.customer, 1, Date.now()) === undefined;
}

/** "Add a tip" and its dialog; shown where `tipOffered` says so. */
export function AddTipButton({ booking: b, onChange }: { booking: BookingView; onChange: (b: BookingView) => void }) {
  const { t, i18n } = useTranslation();
  const { settings } = useSettings();
  const { notify } = useNotifications();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="trip-add-tip">{t('tip_add')}</Button>
      {open ? (
        <TipModal
          booking={b}
          onClose={() => setOpen(false)}
          onTipped={(next, amount) => {
            setOpen(false);
            onChange(next);
            const text = t('tip_added_notice', { amount: formatMoney(amount / 100, settings.symbol, i18n.resolvedLanguage ?? i18n.language) });
            notify({ id: 'trip-result', type: 'success', messageKey: 'tip_added_notice', text: { header: t('tip_add'), content: text } });
          }}
        />
      ) : null}
    </>
  );
}
