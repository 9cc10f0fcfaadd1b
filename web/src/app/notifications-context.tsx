import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A page-level message. It holds a translation key, not text, so it follows a language change
 * made while it is on screen.
 */
export interface Notice {
  id?: string;
  type: FlashbarProps.Type;
  /** Translation key of the message. */
  messageKey: string;
  /** Shown when the key has no translation (e.g. a raw server message). */
  fallback?: string;
  /** Text the server wrote (a message to the user): shown as it is, under `header`. */
  text?: { header: string; content: string };
  /** A button beside the message, e.g. "View trip". */
  action?: ReactNode;
}

interface NotificationsContextValue {
  items: FlashbarProps.MessageDefinition[];
  notify: (notice: Notice) => void;
  dismiss: (id: string) => void;
}

const NotificationsContext = createContext<NotificationsContextValue | null>(null);

let counter = 0;
const withId = (n: Notice): Notice & { id: string } => ({ ...n, id: n.id ?? `notice-${++counter}` });

/** Flashbar messages shared by every layout, so a message survives navigation between them. */
export function NotificationsProvider({ initial = [], children }: { initial?: Notice[]; children: ReactNode }) {
  const { t } = useTranslation();
  const [notices, setNotices] = useState(() => initial.map(withId));
  const dismiss = useCallback((id: string) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  const notify = useCallback((notice: Notice) => {
    const next = withId(notice);
    setNotices((list) => [...list.filter((n) => n.id !== next.id), next]);
  }, []);
  const items = useMemo<FlashbarProps.MessageDefinition[]>(
    () =>
      notices.map((n) => ({
        id: n.id,
        type: n.type,
        ...(n.text ? { header: n.text.header, content: n.text.content } : { content: t(n.messageKey, { defaultValue: n.fallback ?? n.messageKey }) }),
        ...(n.action ? { action: n.action } : {}),
        dismissible: true,
        dismissLabel: t('dismiss'),
        onDismiss: () => dismiss(n.id),
      })),
    [notices, dismiss, t],
  );
  const value = useMemo(() => ({ items, notify, dismiss }), [items, notify, dismiss]);
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsContextValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside NotificationsProvider');
  return value;
}
