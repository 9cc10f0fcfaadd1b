import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, loadServerMessage } from '../../../web/src/live/live-connection';

/** A stand-in for the browser WebSocket: records what is sent and lets the test drive events. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) { FakeSocket.all.push(this); }
  send(text: string) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; this.onclose?.(); }
  open() { this.readyState = 1; this.onopen?.(); }
  drop() { this.readyState = 3; this.onclose?.(); }
  event(topic: string) { this.onmessage?.({ data: JSON.stringify({ type: 'event', topic, change: 'MODIFY', id: 'x' }) }); }
  subscribed(topic: string) { this.onmessage?.({ data: JSON.stringify({ type: 'subscribed', topic }) }); }
}

const flush = () => new Promise((r) => setImmediate(r));

describe('LiveConnection (web/src/live)', () => {
  // The message schema is a lazy chunk in the app; loaded once here so each test's ticks are the socket's.
  beforeAll(() => loadServerMessage());
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('connects with the ID token, subscribes on open and calls back on events of its topic only', async () => {
    const live = new LiveConnection('ws://x/ws', async () => 'tok en');
    const catalog = vi.fn();
    const settings = vi.fn();
    live.follow('catalog', catalog);
    live.follow('settings', settings);
    await flush();
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://x/ws?token=tok%20en');
    socket.open();
    expect(socket.sent).toEqual([{ action: 'subscribe', topic: 'catalog' }, { action: 'subscribe', topic: 'settings' }]);
    socket.event('catalog');
    socket.onmessage?.({ data: 'not json' });
    socket.onmessage?.({ data: JSON.stringify({ type: 'pong', at: 1 }) });
    expect(catalog).toHaveBeenCalledTimes(1);
    expect(settings).not.toHaveBeenCalled();
  });

  it('hands a batch of driver positions to the followers of its topic', async () => {
    const live = new LiveConnection('ws://x/ws', async () => 't');
    const map = vi.fn();
    live.follow('drivers/all', map);
    await flush();
    const socket = FakeSocket.all[0]!;
    socket.open();
    const drivers = [{ uid: 'd1', lat: 1, lng: 2, at: 3, status: 'free' }];
    socket.onmessage?.({ data: JSON.stringify({ type: 'positions', topic: 'drivers/all', drivers, gone: ['d2'] }) });
    socket.onmessage?.({ data: JSON.stringify({ type: 'positions', topic: 'drivers/fleet/f1', drivers, gone: [] }) });
    expect(map).toHaveBeenCalledTimes(1);
    expect(map).toHaveBeenCalledWith({ drivers, gone: ['d2'] });
  });

  it('a topic the server dropped for lost rights calls its followers once, to re-read (and find it gone); a plain unsubscribe reply does not', async () => {
    const live = new LiveConnection('ws://x/ws', async () => 't');
    const trip = vi.fn();
    live.follow('chat/BK1', trip);
    await flush();
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.onmessage?.({ data: JSON.stringify({ type: 'unsubscribed', topic: 'chat/BK1' }) });
    expect(trip).not.toHaveBeenCalled();
    socket.onmessage?.({ data: JSON.stringify({ type: 'unsubscribed', topic: 'chat/BK1', reason: 'forbidden' }) });
    expect(trip).toHaveBeenCalledTimes(1);
    expect(trip).toHaveBeenCalledWith(undefined);
  });

  it('reconnects with growing backoff and re-reads everything after a reconnect', async () => {
    vi.useFakeTimers();
    const live = new LiveConnection('ws://x/ws', async () => 't');
    const onChange = vi.fn();
    live.follow('catalog', onChange);
    await vi.runAllTicks();
    await Promise.resolve();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    expect(onChange).not.toHaveBeenCalled();
    FakeSocket.all[2]!.open();
    expect(FakeSocket.all[2]!.sent).toEqual([{ action: 'subscribe', topic: 'catalog' }]);
    // Events may have been missed while the socket was down: the page re-reads once, when the
    // server has the subscription again.
    expect(onChange).not.toHaveBeenCalled();
    FakeSocket.all[2]!.subscribed('catalog');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("re-reads once when the server confirms a topic's subscription: a change between the page's first read and then is no event", async () => {
    const live = new LiveConnection('ws://x/ws', async () => 't');
    const catalog = vi.fn();
    const settings = vi.fn();
    live.follow('catalog', catalog);
    live.follow('settings', settings);
    await flush();
    const socket = FakeSocket.all[0]!;
    socket.open();
    expect(catalog).not.toHaveBeenCalled();
    socket.subscribed('catalog');
    expect(catalog).toHaveBeenCalledTimes(1);
    expect(catalog).toHaveBeenCalledWith(undefined);
    expect(settings).not.toHaveBeenCalled();
  });

  it('closes when the last follower leaves and does not reconnect', async () => {
    vi.useFakeTimers();
    const live = new LiveConnection('ws://x/ws', async () => 't');
    const stop = live.follow('catalog', () => undefined);
    await Promise.resolve();
    await Promise.resolve();
    FakeSocket.all[0]!.open();
    stop();
    expect(FakeSocket.all[0]!.sent).toContainEqual({ action: 'unsubscribe', topic: 'catalog' });
    expect(FakeSocket.all[0]!.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('does not connect without a token (signed out)', async () => {
    const live = new LiveConnection('ws://x/ws', async () => undefined);
    live.follow('catalog', () => undefined);
    await flush();
    expect(FakeSocket.all).toHaveLength(0);
  });
});
