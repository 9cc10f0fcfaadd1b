import type { UploadTicket } from '../../../../shared/src/contract/uploads';
import { isRetryableStatus, planParts, retryDelayMs, UPLOAD_RETRY_MS } from '../../../../shared/src/domain/upload-plan';
import { ApiError } from '../../api/api-error';

/** Spec §4 File upload task states. */
export type UploadState = 'running' | 'pausing' | 'paused' | 'success' | 'canceling' | 'canceled' | 'error';

const NEXT: Record<UploadState, readonly UploadState[]> = {
  running: ['pausing', 'canceling', 'success', 'error'],
  // A pause waits for the part in flight; that part may have been the last one.
  pausing: ['paused', 'canceling', 'success', 'error'],
  paused: ['running', 'canceling'],
  canceling: ['canceled', 'error'],
  // The caller sees the failure; a multipart upload can still be aborted on the server.
  error: ['canceling'],
  success: [],
  canceled: [],
};

export const canMove = (from: UploadState, to: UploadState) => NEXT[from].includes(to);

export function move(from: UploadState, to: UploadState): UploadState {
  if (!canMove(from, to)) throw new Error(`upload task: ${from} -> ${to} is not allowed`);
  return to;
}

export interface UploadSnapshot { state: UploadState; sent: number; total: number; error?: string }

/** The server's side of a multipart upload (the routes of the ticket's kind of upload). */
export interface MultipartCalls {
  parts(body: { uploadId: string; size: number; partNumbers: number[] }): Promise<{ parts: { partNumber: number; url: string; size: number }[] }>;
  complete(body: { uploadId: string; parts: { partNumber: number; etag: string }[] }): Promise<unknown>;
  abort(body: { uploadId: string }): Promise<unknown>;
}

interface Sent { status: number; etag: string }

/** One request with upload progress; `abort` ends it (status 0, `aborted`). */
function send(method: 'POST' | 'PUT', url: string, body: Blob | FormData, onProgress: (loaded: number) => void, signal: { xhr?: XMLHttpRequest }): Promise<Sent & { aborted?: boolean }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    signal.xhr = xhr;
    xhr.open(method, url);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => resolve({ status: xhr.status, etag: (xhr.getResponseHeader('ETag') ?? '').replace(/"/g, '') });
    xhr.onerror = () => resolve({ status: 0, etag: '' });
    xhr.onabort = () => resolve({ status: 0, etag: '', aborted: true });
    xhr.send(body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One file on its way to storage, with the task states of spec §4. A POST ticket sends the file as
 * one form (pause aborts it; resume sends it again); a multipart ticket sends its parts one by one
 * (pause lets the part in flight finish; cancel aborts the upload on the server). Each request is
 * retried on a network error, 408, 429 or 5xx with growing delays, for up to the spec's upload
 * retry time.
 */
export class UploadTask {
  private snapshot: UploadSnapshot;
  private listeners = new Set<(s: UploadSnapshot) => void>();
  private inFlight: { xhr?: XMLHttpRequest } = {};
  private done: { partNumber: number; etag: string }[] = [];
  private settle!: { resolve: () => void; reject: (e: unknown) => void };
  /** Resolves on success; rejects on cancel or error. */
  readonly finished: Promise<void>;

  constructor(private readonly file: Blob, private readonly ticket: UploadTicket, private readonly calls?: MultipartCalls) {
    this.snapshot = { state: 'running', sent: 0, total: file.size };
    this.finished = new Promise((resolve, reject) => { this.settle = { resolve, reject }; });
    this.finished.catch(() => undefined);
    if (ticket.method === 'MULTIPART' && !calls) throw new Error('a multipart ticket needs its server calls');
    void this.run();
  }

  get state(): UploadSnapshot { return this.snapshot; }

  subscribe(fn: (s: UploadSnapshot) => void): () => void {
    this.listeners.add(fn);
    fn(this.snapshot);
    return () => this.listeners.delete(fn);
  }

  private set(patch: Partial<UploadSnapshot>) {
    if (patch.state && patch.state !== this.snapshot.state) patch.state = move(this.snapshot.state, patch.state);
    this.snapshot = { ...this.snapshot, ...patch };
    for (const fn of this.listeners) fn(this.snapshot);
  }

  pause(): void {
    if (!canMove(this.snapshot.state, 'pausing')) return;
    this.set({ state: 'pausing' });
    // A single POST cannot stop half way: it is dropped and sent again on resume.
    if (this.ticket.method === 'POST') this.inFlight.xhr?.abort();
  }

  resume(): void {
    if (this.snapshot.state !== 'paused') return;
    this.set({ state: 'running' });
    void this.run();
  }

  cancel(): void {
    if (!canMove(this.snapshot.state, 'canceling')) return;
    const wasRunning = this.snapshot.state === 'running' || this.snapshot.state === 'pausing';
    this.set({ state: 'canceling' });
    this.inFlight.xhr?.abort();
    if (!wasRunning) void this.finishCancel();
  }

  private async finishCancel() {
    try {
      if (this.ticket.method === 'MULTIPART') await this.calls!.abort({ uploadId: this.ticket.uploadId });
      this.set({ state: 'canceled' });
      this.settle.reject(new ApiError(0, 'canceled', 'The upload was canceled'));
    } catch (e) {
      this.fail(e);
    }
  }

  private fail(e: unknown) {
    const message = e instanceof Error ? e.message : String(e);
    this.set({ state: 'error', error: message });
    this.settle.reject(e instanceof ApiError ? e : new ApiError(0, 'upload_failed', message));
  }

  /** Sends with retries; undefined when stopped by pause or cancel. */
  private async sendWithRetry(method: 'POST' | 'PUT', url: string, body: () => Blob | FormData, base: number): Promise<Sent | undefined> {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const res = await send(method, url, body(), (loaded) => this.set({ sent: base + loaded }), this.inFlight);
      this.inFlight = {};
      if (res.aborted) return undefined;
      if (res.status >= 200 && res.status < 300) return res;
      if (!isRetryableStatus(res.status) || Date.now() - started > UPLOAD_RETRY_MS) {
        throw new ApiError(res.status, 'upload_failed', `Upload failed: HTTP ${res.status}`);
      }
      this.set({ sent: base });
      await sleep(retryDelayMs(attempt));
      if (this.snapshot.state !== 'running' && this.snapshot.state !== 'pausing') return undefined;
    }
  }

  /** After a request: stop here if paused or canceled meanwhile. */
  private stopped(): boolean {
    if (this.snapshot.state === 'pausing') { this.set({ state: 'paused' }); return true; }
    if (this.snapshot.state === 'canceling') { void this.finishCancel(); return true; }
    return false;
  }

  private async run() {
    try {
      if (this.ticket.method === 'POST') {
        const { url, fields } = this.ticket;
        const form = () => {
          const f = new FormData();
          for (const [k, v] of Object.entries(fields)) f.append(k, v);
          f.append('file', this.file);
          return f;
        };
        this.set({ sent: 0 });
        const res = await this.sendWithRetry('POST', url, form, 0);
        if (!res) { this.stopped(); return; }
        this.set({ sent: this.file.size, state: 'success' });
        this.settle.resolve();
        return;
      }
      const { uploadId } = this.ticket;
      const plan = planParts(this.file.size);
      for (const part of plan) {
        if (this.done.some((d) => d.partNumber === part.partNumber)) continue;
        if (this.stopped()) return;
        // URLs are asked for one part at a time: a paused upload never holds expired ones.
        const { parts: [signed] } = await this.calls!.parts({ uploadId, size: this.file.size, partNumbers: [part.partNumber] });
        const res = await this.sendWithRetry('PUT', signed!.url, () => this.file.slice(part.start, part.end), part.start);
        if (!res) { this.set({ sent: part.start }); this.stopped(); return; }
        this.done.push({ partNumber: part.partNumber, etag: res.etag });
        this.set({ sent: part.end });
      }
      if (this.snapshot.state === 'canceling') { void this.finishCancel(); return; }
      await this.calls!.complete({ uploadId, parts: this.done });
      this.set({ state: 'success' });
      this.settle.resolve();
    } catch (e) {
      if (this.snapshot.state === 'canceling') { void this.finishCancel(); return; }
      this.fail(e);
    }
  }
}
