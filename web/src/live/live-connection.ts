type ServerMessageSchema = typeof import('../../../shared/src/contract/ws').ServerMessage;

/**
 * The message schema (zod and the contract's WebSocket module) loads with the first connection, a
 * signed-in page's, so the landing page does not carry it. A failed load is retried next time.
 */
let serverMessage: Promise<ServerMessageSchema> | undefined;
let loadedServerMessage: ServerMessageSchema | undefined;
export function loadServerMessage(): Promise<ServerMessageSchema> {
  serverMessage ??= import('../../../shared/src/contract/ws').then(
    (m) => (loadedServerMessage = m.ServerMessage),
    (e: unknown) => {
      serverMessage = undefined;
      throw e;
    },
  );
  return serverMessage;
}

/**
 * Tracking, chat and message events carry their point or message as `data`, a positions batch its
 * `drivers` and `gone`; other events say only that something changed.
 */
type Listener = (data?: Record<string, unknown>) => void;

const MIN_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** API Gateway closes idle WebSockets after 10 minutes. */
const PING_EVERY_MS = 5 * 60_000;

/**
 * One WebSocket per tab, shared by every `useTopic`. It connects while at least one topic is
 * followed and a token is available, subscribes to every followed topic on each (re)connect,
 * and reconnects with exponential backoff. Each topic's listeners are called once when the server
 * confirms its subscription (`subscribed`): a change made between the page's first read and that
 * moment reaches no one as an event, and after a reconnect the events sent while the socket was
 * down are lost, so the page re-reads by REST then.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private backoff = MIN_BACKOFF_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private connecting = false;

  constructor(
    private readonly wsUrl: string,
    private readonly getToken: () => Promise<string | undefined>,
  ) {}

  follow(topic: string, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    if (isNew) this.send({ action: 'subscribe', topic });
    void this.ensureOpen();
    return () => {
      const current = this.listeners.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.listeners.delete(topic);
        this.send({ action: 'unsubscribe', topic });
      }
      if (this.listeners.size === 0) this.close();
    };
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private async ensureOpen(): Promise<void> {
    if (this.socket || this.connecting || this.listeners.size === 0) return;
    this.connecting = true;
    let token: string | undefined;
    let schema = loadedServerMessage;
    try {
      if (schema) token = await this.getToken();
      else [token, schema] = await Promise.all([this.getToken(), loadServerMessage()]);
    } catch {
      // No token, or the schema's chunk did not load (offline, or a redeploy removed it).
      token = undefined;
    } finally {
      this.connecting = false;
    }
    // Signed out: nothing to follow with; a later follow() tries again.
    if (!token || !schema || this.socket || this.listeners.size === 0) return;
    const socket = new WebSocket(`${this.wsUrl}?token=${encodeURIComponent(token)}`);
    this.socket = socket;
    socket.onopen = () => {
      this.backoff = MIN_BACKOFF_MS;
      for (const topic of this.listeners.keys()) this.send({ action: 'subscribe', topic });
      this.pingTimer = setInterval(() => this.send({ action: 'ping' }), PING_EVERY_MS);
    };
    socket.onmessage = (e) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(e.data));
      } catch {
        return;
      }
      const msg = schema.safeParse(parsed);
      if (!msg.success) return;
      if (msg.data.type === 'event') this.notify(msg.data.topic, msg.data.data);
      // From here on no change behind the topic is missed: re-read what changed before it.
      else if (msg.data.type === 'subscribed') this.notify(msg.data.topic);
      // A batch of driver positions is its own data: the map moves without a re-read.
      else if (msg.data.type === 'positions') this.notify(msg.data.topic, { drivers: msg.data.drivers, gone: msg.data.gone });
      // The server dropped a topic whose right the user lost (a trip given up, an offer taken by
      // another driver): the page re-reads by REST, which now answers 404, and stops showing it.
      else if (msg.data.type === 'unsubscribed' && msg.data.reason === 'forbidden') this.notify(msg.data.topic);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (this.listeners.size === 0) return;
      const delay = this.backoff;
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
      this.retryTimer = setTimeout(() => void this.ensureOpen(), delay);
    };
  }

  private notify(topic: string, data?: Record<string, unknown>): void {
    for (const l of this.listeners.get(topic) ?? []) l(data);
  }

  close(): void {
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    this.backoff = MIN_BACKOFF_MS;
    socket?.close();
  }
}

const connections = new Map<string, LiveConnection>();

export function liveConnection(wsUrl: string, getToken: () => Promise<string | undefined>): LiveConnection {
  let c = connections.get(wsUrl);
  if (!c) {
    c = new LiveConnection(wsUrl, getToken);
    connections.set(wsUrl, c);
  }
  return c;
}
