import Button from '@cloudscape-design/components/button';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedNotification } from '../../../shared/src/i18n/localized-notification';
import { useLocation } from 'react-router-dom';
import { useNotifications } from '../app/notifications-context';
import { useAuth } from '../auth/auth-context';
import { useFollow } from '../components/use-follow';
import { useTopic } from './use-topic';

/** A message stays on screen this long unless dismissed; a trip sends several in a few minutes. */
const SHOW_MS = 15_000;
/** Older message flashes give way to newer ones, so the page is never buried. */
const MAX_SHOWN = 3;

/**
 * The flash of a booking offered to the driver: one per booking, so that the offers list can take
 * it away once the offer is gone (accepted, declined, taken by another driver, lapsed). A driver
 * who has just accepted is not told a booking "is waiting".
 */
export const offerFlashId = (bookingId: string) => `offer-${bookingId}`;

const flashText = (m: { title: string; body: string }) => ({ header: m.title, content: m.body });

/**
 * The messages the platform sends the signed-in user (spec §4 "notified": driver on the way,
 * arrived, trip started, paid …) shown as flash messages the moment they are sent, on any page.
 * The same message is pushed to the user's phones; here the `messages/<uid>` topic brings it.
 */
export function LiveMessages() {
  const { t, i18n } = useTranslation();
  const { user, role } = useAuth();
  const { notify, dismiss } = useNotifications();
  const follow = useFollow();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const shown = useRef<string[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const onMessage = useCallback(
    (data?: Record<string, unknown>) => {
      // Without data the socket has just come back: what was missed is in the inbox, not a flash.
      if (!data || typeof data.id !== 'string' || typeof data.title !== 'string') return;
      const bookingId = typeof data.bookingId === 'string' ? data.bookingId : undefined;
      const id = data.kind === 'new_booking' && bookingId ? offerFlashId(bookingId) : `message-${data.id}`;
      if (shown.current.includes(id)) return;
      // Riders follow a trip on its own page; drivers and admins work from the bookings list.
      const target = bookingId ? (role === 'rider' ? `/trip?id=${encodeURIComponent(bookingId)}` : '/bookings') : undefined;
      // No link to the page the user is already on.
      const href = target === here ? undefined : target;
      notify({
        id,
        type: 'info',
        messageKey: '',
        // In the language the page shows, from the message's kind and values; else as written.
        text: flashText(localizedNotification(String(data.kind), data.values, i18n.resolvedLanguage ?? i18n.language)
          ?? { title: data.title, body: typeof data.body === 'string' ? data.body : '' }),
        action: href ? (
          <Button href={href} onFollow={follow}>
            {t(role === 'rider' ? 'trip_open' : 'menu_booking_history')}
          </Button>
        ) : undefined,
      });
      shown.current = [...shown.current, id];
      while (shown.current.length > MAX_SHOWN) dismiss(shown.current.shift()!);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        shown.current = shown.current.filter((s) => s !== id);
        dismiss(id);
      }, SHOW_MS);
      timers.current.add(timer);
    },
    [notify, dismiss, follow, role, t, i18n, here],
  );

  useTopic(`messages/${user?.id ?? ''}`, onMessage, Boolean(user?.id));
  return null;
}
