import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { useAuth } from '../../auth/auth-context';
import { errorText } from '../../components/error-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';
import './trip.css';

/**
 * The trip's chat (spec §3 Chat message): the history once, then each message as the `chat/<id>`
 * event brings it. The server decides the sender from the caller's role.
 */
export function TripChat({ bookingId, format }: { bookingId: string; format: { time: (ms?: number) => string } }) {
  const { t } = useTranslation();
  const api = useApi();
  const { role } = useAuth();
  const load = useCallback((signal: AbortSignal) => api.fetchChat({ params: { id: bookingId }, query: { limit: 100 } }, { signal }), [api, bookingId]);
  const chat = useApiQuery(load);
  const [extra, setExtra] = useState<ChatMessage[]>([]);
  useTopic(`chat/${bookingId}`, (data) => {
    if (data && typeof data.message === 'string') setExtra((list) => [...list, data as unknown as ChatMessage]);
    else { setExtra([]); chat.reload(); }
  });
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();

  const seen = new Set<string>();
  const messages = [...(chat.data?.items ?? []), ...extra].filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));

  const send = () => {
    const message = text.trim();
    if (!message) return;
    setSending(true);
    setSendError(undefined);
    api.sendChatMessage({ params: { id: bookingId }, body: { message } }).then(
      (m) => { setExtra((list) => [...list, m]); setText(''); },
      (e: unknown) => setSendError(errorText(t, e)),
    ).finally(() => setSending(false));
  };

  return (
    <Container header={<Header variant="h2">{t('chat_title')}</Header>} data-testid="trip-chat">
      <SpaceBetween size="s">
        <LoadErrorAlert error={chat.error} onRetry={chat.reload} />
        <div className="trip-chat__list" role="log" aria-live="polite">
          {/* Spec §4/§8: a chat fetch that finds no messages says chat_not_found. */}
          {messages.length === 0 && chat.data ? <Box color="text-body-secondary" data-testid="chat-not-found">{t('chat_not_found')}</Box> : null}
          {messages.map((m) => (
            <div key={m.id} className={`trip-chat__message${m.source === role ? ' trip-chat__message--mine' : ''}`}>
              <Box variant="small" color="text-body-secondary">
                {m.source === role ? t('chat_you') : t(`role_${m.source}`, { defaultValue: m.source })} · {format.time(m.at)}
              </Box>
              <div>{m.message}</div>
            </div>
          ))}
        </div>
        <form onSubmit={(e) => { e.preventDefault(); send(); }}>
          <div className="trip-chat__compose">
            <Input value={text} onChange={({ detail }) => setText(detail.value)} placeholder={t('chat_placeholder')} ariaLabel={t('chat_placeholder')} invalid={!!sendError} />
            <Button formAction="submit" loading={sending} disabled={!text.trim()} data-testid="chat-send">{t('chat_send')}</Button>
          </div>
          {sendError ? <Box color="text-status-error" variant="small">{sendError}</Box> : null}
        </form>
      </SpaceBetween>
    </Container>
  );
}
