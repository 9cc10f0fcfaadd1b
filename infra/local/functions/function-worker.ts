import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { installIamGuard, type FunctionIam, type SmithyClientModule } from './iam-guard';
import type { FromWorker, FunctionFailure, ToWorker } from './protocol';

/**
 * One function's execution environment: a worker thread whose `process.env` is exactly the
 * function's environment, that imports the function's bundle once (its init) and runs each
 * invocation with Lambda's event and context. Built into the bundle cache and run by the host.
 */
const port = parentPort!;
const { bundle, iam, root } = workerData as { bundle: string; iam?: FunctionIam; root: string };
const send = (m: FromWorker) => port.postMessage(m);

// The function's role, enforced on the SDK its bundle loads (the runtime's, which the bundle leaves
// out and resolves from where it lies) before the bundle is imported. A bundle that cannot resolve
// the SDK makes no AWS call, and needs no guard.
if (iam) {
  let smithy: SmithyClientModule | undefined;
  try {
    smithy = createRequire(bundle)('@smithy/core/client') as SmithyClientModule;
  } catch {
    smithy = undefined;
  }
  if (smithy) {
    // The evaluator reads its action data from its own package's files: loaded from the repository,
    // not bundled, on the first call to judge (about 30 ms), so that it is not part of the init.
    type Simulate = typeof import('@cloud-copilot/iam-simulate').runSimulation;
    let simulate: Simulate | undefined;
    const runSimulation: Simulate = (...args) => {
      simulate ??= (createRequire(join(root, 'package.json'))('@cloud-copilot/iam-simulate') as typeof import('@cloud-copilot/iam-simulate')).runSimulation;
      return simulate(...args);
    };
    installIamGuard({ iam, smithy, runSimulation, onDenied: (denial) => send({ type: 'denied', denial }) });
  }
}

const failure = (e: unknown, errorType?: string): FunctionFailure => {
  const err = e instanceof Error ? e : new Error(String(e));
  return { errorType: errorType ?? err.name, errorMessage: errorType?.startsWith('Runtime.') ? `${err.name}: ${err.message}` : err.message, trace: err.stack?.split('\n') };
};

/** How Lambda's Node runtime names a failed init. */
function initFailure(e: unknown): FunctionFailure {
  const code = (e as { code?: string }).code;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') return failure(e, 'Runtime.ImportModuleError');
  if (e instanceof SyntaxError) return failure(e, 'Runtime.UserCodeSyntaxError');
  return failure(e);
}

let handler: ((event: unknown, context: unknown) => Promise<unknown>) | undefined;
try {
  const mod = (await import(pathToFileURL(bundle).href)) as { handler?: unknown };
  if (typeof mod.handler !== 'function') {
    send({ type: 'init', ok: false, error: { errorType: 'Runtime.HandlerNotFound', errorMessage: 'index.handler is undefined or not exported' } });
  } else {
    handler = mod.handler as typeof handler;
    send({ type: 'init', ok: true });
  }
} catch (e) {
  send({ type: 'init', ok: false, error: initFailure(e) });
}

port.on('message', (m: ToWorker) => {
  const { deadline, ...data } = m.context;
  const context = {
    ...data, functionVersion: '$LATEST', callbackWaitsForEmptyEventLoop: true,
    logGroupName: `/aws/lambda/${data.functionName}`, logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined, fail: () => undefined, succeed: () => undefined,
  };
  Promise.resolve()
    .then(() => handler!(m.event, context))
    .then((value) => send({ type: 'result', id: m.id, ok: true, value }), (e: unknown) => send({ type: 'result', id: m.id, ok: false, error: failure(e) }));
});
