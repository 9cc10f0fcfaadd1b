import type { AccessDenial, FunctionIam } from './iam-guard';

/** What the local cloud, the process hosting its functions and each function's worker say to each other. */

/** A function as its host needs it: its bundle and exactly the environment it runs with. */
export interface FunctionSpec {
  name: string;
  bundle: string;
  environment: Record<string, string>;
  timeoutSeconds: number;
  memoryMb: number;
  /** Its execution role, enforced on every AWS call it makes (absent: not enforced). */
  iam?: FunctionIam;
  /** What tells two versions of the function apart (a role changed by a test): each has its own environments. */
  revision?: string;
}

/** The Lambda context's data; the worker adds `getRemainingTimeInMillis` from `deadline`. */
export interface InvokeContext {
  functionName: string;
  awsRequestId: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  deadline: number;
}

/** An invocation's failure as Lambda reports it (`errorType`, `errorMessage`, `trace`). */
export interface FunctionFailure { errorType: string; errorMessage: string; trace?: string[] }

export type ToHost =
  | { type: 'invoke'; id: number; fn: FunctionSpec; event: unknown; context: InvokeContext };
export type FromHost =
  | { type: 'ready'; node: string }
  | { type: 'denied'; fn: string; denial: AccessDenial }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: FunctionFailure };

export type ToWorker = { type: 'invoke'; id: number; event: unknown; context: InvokeContext };
export type FromWorker =
  | { type: 'init'; ok: true }
  | { type: 'init'; ok: false; error: FunctionFailure }
  | { type: 'denied'; denial: AccessDenial }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: FunctionFailure };
