import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MiB } from '../../../shared/src/domain/upload-plan';
import { canMove, move, UploadTask, type UploadState } from '../../../web/src/components/upload/upload-task';

const STATES: UploadState[] = ['running', 'pausing', 'paused', 'success', 'canceling', 'canceled', 'error'];

describe('upload task states (spec §4)', () => {
  it('allows exactly these moves', () => {
    const allowed = STATES.flatMap((from) => STATES.filter((to) => canMove(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual([
      'canceling->canceled', 'canceling->error', 'error->canceling',
      'paused->canceling', 'paused->running',
      'pausing->canceling', 'pausing->error', 'pausing->paused', 'pausing->success',
      'running->canceling', 'running->error', 'running->pausing', 'running->success',
    ].sort());
  });

  it('refuses illegal moves', () => {
    expect(() => move('success', 'running')).toThrow();
    expect(() => move('canceled', 'running')).toThrow();
    expect(() => move('paused', 'success')).toThrow();
    expect(() => move('running', 'paused')).toThrow();
    expect(() => move('error', 'success')).toThrow();
  });
});

/** A stand-in for the browser's XMLHttpRequest: each send waits until the test answers it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress?: (e: { loaded: number }) => void } = {};
  onload?: () => void; onerror?: () => void; onabort?: () => void;
  status = 0; method = ''; url = ''; body: unknown;
  private headers: Record<string, string> = {};
  open(method: string, url: string) { this.method = method; this.url = url; }
  send(body: unknown) { this.body = body; FakeXhr.sent.push(this); }
  abort() { this.onabort?.(); }
  getResponseHeader(name: string) { return this.headers[name.toLowerCase()] ?? null; }
  answer(status: number, etag = '') {
    this.status = status; this.headers.etag = etag;
    this.upload.onprogress?.({ loaded: (this.body as Blob).size ?? 0 });
    this.onload?.();
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));
async function until(check: () => boolean) { for (let i = 0; i < 200 && !check(); i++) await tick(); expect(check()).toBe(true); }

describe('UploadTask', () => {
  beforeEach(() => { FakeXhr.sent = []; vi.stubGlobal('XMLHttpRequest', FakeXhr); });
  afterEach(() => vi.unstubAllGlobals());

  const postTicket = { method: 'POST' as const, url: 'https://s3/b', fields: { key: 'k', 'Content-Type': 'image/png' }, key: 'k', expiresInSeconds: 300, maxBytes: 5 * MiB };
  const multipart = (size: number) => ({ method: 'MULTIPART' as const, key: 'k', uploadId: 'u1', partSizes: [], maxBytes: 20 * MiB, size });
  const calls = () => ({
    parts: vi.fn(async ({ partNumbers }: { partNumbers: number[] }) => ({ parts: partNumbers.map((n) => ({ partNumber: n, url: `https://s3/k?partNumber=${n}`, size: 0 })) })),
    complete: vi.fn(async () => ({})),
    abort: vi.fn(async () => ({ aborted: true })),
  });

  it('a POST: running, then success with all bytes sent', async () => {
    const task = new UploadTask(new Blob([new Uint8Array(1000)]), postTicket);
    await until(() => FakeXhr.sent.length === 1);
    expect(FakeXhr.sent[0]!.method).toBe('POST');
    expect(task.state.state).toBe('running');
    FakeXhr.sent[0]!.answer(204);
    await task.finished;
    expect(task.state).toMatchObject({ state: 'success', sent: 1000, total: 1000 });
  });

  it('a POST paused is dropped and sent again on resume; a 503 is retried', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const task = new UploadTask(new Blob([new Uint8Array(10)]), postTicket);
      await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      task.pause();
      await vi.waitFor(() => expect(task.state.state).toBe('paused'));
      task.resume();
      await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
      FakeXhr.sent[1]!.answer(503);
      await vi.advanceTimersByTimeAsync(1500);
      await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
      FakeXhr.sent[2]!.answer(204);
      await task.finished;
      expect(task.state.state).toBe('success');
    } finally { vi.useRealTimers(); }
  });

  it('a 403 is not retried: error', async () => {
    const task = new UploadTask(new Blob([new Uint8Array(10)]), postTicket);
    await until(() => FakeXhr.sent.length === 1);
    FakeXhr.sent[0]!.answer(403);
    await expect(task.finished).rejects.toMatchObject({ code: 'upload_failed' });
    expect(task.state.state).toBe('error');
  });

  it('parts: pause lets the part in flight finish, resume goes on, complete names every part', async () => {
    const c = calls();
    const size = 11 * MiB;
    const task = new UploadTask(new Blob([new Uint8Array(size)]), multipart(size), c);
    await until(() => FakeXhr.sent.length === 1);
    task.pause();
    expect(task.state.state).toBe('pausing');
    FakeXhr.sent[0]!.answer(200, '"e1"');
    await until(() => task.state.state === 'paused');
    expect(task.state.sent).toBe(5 * MiB);
    expect(FakeXhr.sent).toHaveLength(1);
    task.resume();
    await until(() => FakeXhr.sent.length === 2);
    expect((FakeXhr.sent[1]!.body as Blob).size).toBe(6 * MiB);
    FakeXhr.sent[1]!.answer(200, '"e2"');
    await task.finished;
    expect(c.complete).toHaveBeenCalledWith({ uploadId: 'u1', parts: [{ partNumber: 1, etag: 'e1' }, { partNumber: 2, etag: 'e2' }] });
    expect(task.state).toMatchObject({ state: 'success', sent: size });
  });

  it('parts: cancel aborts the request and the upload on the server', async () => {
    const c = calls();
    const size = 6 * MiB;
    const seen: UploadState[] = [];
    const task = new UploadTask(new Blob([new Uint8Array(size)]), multipart(size), c);
    task.subscribe((s) => { if (seen.at(-1) !== s.state) seen.push(s.state); });
    await until(() => FakeXhr.sent.length === 1);
    task.cancel();
    await expect(task.finished).rejects.toMatchObject({ code: 'canceled' });
    expect(c.abort).toHaveBeenCalledWith({ uploadId: 'u1' });
    expect(c.complete).not.toHaveBeenCalled();
    expect(seen).toEqual(['running', 'canceling', 'canceled']);
  });
});
