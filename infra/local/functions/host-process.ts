import { Worker } from 'node:worker_threads';
import type { FromHost, FromWorker, FunctionFailure, FunctionSpec, ToHost } from './protocol';

/**
 * The process that hosts the local cloud's functions, on the Node major they are deployed with: one
 * worker thread per function, started on its first call with exactly that function's environment and
 * kept warm, as Lambda keeps an execution environment. The local cloud forks it with no environment
 * but PATH, so nothing of its own configuration can leak into a function. Built into the bundle cache.
 */
const WORKER = new URL('./function-worker.mjs', import.meta.url);
/** Warm environments kept at most; the least recently used idle one goes first, as Lambda reclaims idle ones. */
const MAX_WARM = Number(process.argv[2] ?? 40);
/** The repository, where a worker finds what it loads beside the function's bundle (the IAM evaluator). */
const ROOT = process.argv[3] ?? process.cwd();

interface Environment {
  worker: Worker;
  init: Promise<FunctionFailure | undefined>;
  pending: Map<number, (r: { ok: true; value: unknown } | { ok: false; error: FunctionFailure }) => void>;
  usedAt: number;
}
const warm = new Map<string, Environment>();
const send = (m: FromHost) => process.send!(m);

function retire(name: string, env: Environment, error: FunctionFailure) {
  if (warm.get(name) === env) warm.delete(name);
  for (const settle of env.pending.values()) settle({ ok: false, error });
  env.pending.clear();
  void env.worker.terminate();
}

/** A function's environments are its own version's: a role changed by a test is a new version. */
const keyOf = (fn: FunctionSpec) => (fn.revision ? `${fn.name}#${fn.revision}` : fn.name);

function environmentOf(fn: FunctionSpec): Environment {
  const existing = warm.get(keyOf(fn));
  if (existing) return existing;
  if (warm.size >= MAX_WARM) {
    const idle = [...warm].filter(([, e]) => e.pending.size === 0).sort((a, b) => a[1].usedAt - b[1].usedAt)[0];
    if (idle) retire(idle[0], idle[1], { errorType: 'Runtime.ExitError', errorMessage: 'reclaimed' });
  }
  const worker = new Worker(WORKER, {
    env: fn.environment, workerData: { bundle: fn.bundle, iam: fn.iam, root: ROOT }, stdout: false, stderr: false,
    resourceLimits: { maxOldGenerationSizeMb: fn.memoryMb },
  });
  const pending: Environment['pending'] = new Map();
  let initDone: (f: FunctionFailure | undefined) => void = () => undefined;
  const env: Environment = { worker, pending, usedAt: Date.now(), init: new Promise((r) => { initDone = r; }) };
  worker.on('message', (m: FromWorker) => {
    if (m.type === 'init') return initDone(m.ok ? undefined : m.error);
    if (m.type === 'denied') return send({ type: 'denied', fn: fn.name, denial: m.denial });
    const settle = pending.get(m.id);
    pending.delete(m.id);
    settle?.(m.ok ? { ok: true, value: m.value } : { ok: false, error: m.error });
  });
  const exited = (error: FunctionFailure) => { initDone(error); retire(keyOf(fn), env, error); };
  worker.on('error', (e) => exited({ errorType: 'Runtime.ExitError', errorMessage: `RequestId: the function crashed: ${e.message}` }));
  worker.on('exit', (code) => exited({ errorType: 'Runtime.ExitError', errorMessage: `Runtime exited with error: exit status ${code}` }));
  warm.set(keyOf(fn), env);
  return env;
}

async function invoke(m: Extract<ToHost, { type: 'invoke' }>): Promise<FromHost> {
  const env = environmentOf(m.fn);
  env.usedAt = Date.now();
  const initError = await env.init;
  if (initError) {
    // A failed init leaves no environment: the next call starts (and fails) a fresh one, as in Lambda.
    retire(keyOf(m.fn), env, initError);
    return { type: 'result', id: m.id, ok: false, error: initError };
  }
  const result = await new Promise<{ ok: true; value: unknown } | { ok: false; error: FunctionFailure }>((settle) => {
    env.pending.set(m.id, settle);
    const timer = setTimeout(() => {
      retire(keyOf(m.fn), env, { errorType: 'Sandbox.Timedout', errorMessage: `Task timed out after ${m.fn.timeoutSeconds.toFixed(2)} seconds` });
    }, Math.max(0, m.context.deadline - Date.now()));
    env.pending.set(m.id, (r) => { clearTimeout(timer); settle(r); });
    env.worker.postMessage({ type: 'invoke', id: m.id, event: m.event, context: m.context });
  });
  return result.ok ? { type: 'result', id: m.id, ok: true, value: result.value } : { type: 'result', id: m.id, ok: false, error: result.error };
}

process.on('message', (m: ToHost) => {
  if (m.type === 'invoke') {
    invoke(m).then(send, (e: Error) => send({ type: 'result', id: m.id, ok: false, error: { errorType: 'Runtime.Unknown', errorMessage: e.message } }));
  }
});
// The local cloud gone, its functions go too.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready', node: process.versions.node });
