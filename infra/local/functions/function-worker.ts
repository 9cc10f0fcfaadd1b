import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { FromWorker, FunctionFailure, ToWorker } from './protocol';

/**
 * One function's execution environment: a worker thread whose `process.env` is exactly the
 * function's environment, that imports the function's bundle once (its init) and runs each
 * invocation with Lambda's event and context. Built into the bundle cache and run by the host.
 */
const port = parentPort!;
const { bundle } = workerData as { bundle: string };
const send = (m: FromWorker) => port.postMessage(m);

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
