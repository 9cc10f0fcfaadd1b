import type { runSimulation as RunSimulation } from '@cloud-copilot/iam-simulate';
import { iamRequestsOf, type IamRequest, type IamWhere } from './iam-actions';

/**
 * IAM, as AWS applies it to a function's calls: each AWS SDK call the function makes is judged,
 * before it is sent, against the identity policies of the function's execution role (read from the
 * synthesized app), and one its policies do not allow fails as AWS fails it: AccessDeniedException
 * with AWS's message. Runs in the function's worker, installed before its bundle is imported.
 */

/** A function's identity as the local cloud enforces it. */
export interface FunctionIam extends IamWhere {
  /** The role session the function's calls are made as (`arn:aws:sts::…:assumed-role/<role>/<function>`). */
  principal: string;
  /** The role's identity policies: attached, inline and managed, with every intrinsic resolved. */
  policies: { name: string; policy: unknown }[];
}

/** A refused call, as CloudTrail records one (`errorCode`, `errorMessage`). */
export interface AccessDenial {
  action: string;
  resource: string;
  errorCode: string;
  errorMessage: string;
}

/** What of the SDK the guard needs: its base command and its service exception (`@smithy/core/client`). */
export interface SmithyClientModule {
  Command: { prototype: { resolveMiddlewareWithContext: ResolveMiddleware } };
  ServiceException: new (options: { name: string; $fault: 'client'; $metadata: Record<string, unknown>; message: string }) => Error;
}
type Handler = (args: { input: Record<string, unknown> }) => Promise<unknown>;
type ResolveMiddleware = (this: unknown, stack: unknown, configuration: SdkConfig, options: unknown, context: { clientName: string; commandName: string }) => Handler;
interface SdkConfig {
  region?: string | (() => Promise<string>);
  endpoint?: () => Promise<{ path?: string }>;
}

/** How each service answers a refused call: its error code and HTTP status. */
const REFUSALS: Record<string, { code: string; status: number }> = {
  s3: { code: 'AccessDenied', status: 403 },
  'execute-api': { code: 'ForbiddenException', status: 403 },
  sns: { code: 'AuthorizationError', status: 403 },
  sqs: { code: 'AccessDenied', status: 403 },
  geo: { code: 'AccessDeniedException', status: 403 },
  scheduler: { code: 'AccessDeniedException', status: 403 },
};
const DEFAULT_REFUSAL = { code: 'AccessDeniedException', status: 400 };

export interface IamGuard {
  /** The decisions made so far, by action, resource and condition values: a repeated call is not judged again. */
  decisions: Map<string, Promise<Decision>>;
  /** Judges one call (what the installed middleware does); resolves, or rejects as AWS would. */
  check(clientName: string, commandName: string, input: Record<string, unknown>, configuration: SdkConfig): Promise<void>;
}
type Decision = { allowed: true } | { allowed: false; request: IamRequest; explicit: boolean };

/**
 * Installs the guard into the SDK the function's bundle loads: every command, of every client (the
 * document client's included, which runs the low-level command), checks its call when its
 * middleware is resolved for a send or a presign. A presigned request is judged when signed: the
 * request S3 would later refuse is refused here, by the function, rather than by S3 in the browser.
 */
export function installIamGuard(opts: {
  iam: FunctionIam;
  smithy: SmithyClientModule;
  runSimulation: typeof RunSimulation;
  onDenied: (denial: AccessDenial) => void;
}): IamGuard {
  const guard = iamGuard(opts);
  const proto = opts.smithy.Command.prototype;
  const resolve = proto.resolveMiddlewareWithContext;
  proto.resolveMiddlewareWithContext = function (stack, configuration, options, context) {
    const handler = resolve.call(this, stack, configuration, options, context);
    return async (args) => {
      await guard.check(context.clientName, context.commandName, args.input, configuration);
      return handler(args);
    };
  };
  return guard;
}

/** The guard's judgement, without installing it (what the tests and the bench call). */
export function iamGuard(opts: Omit<Parameters<typeof installIamGuard>[0], 'smithy'> & { smithy: Pick<SmithyClientModule, 'ServiceException'> }): IamGuard {
  const { iam, runSimulation } = opts;
  // Only the condition keys that the statements of an action test are given to the evaluator: a
  // decision is then the same for every call with the same action, resource and values of those
  // keys, and is cached (an item's partition key matters only where a statement on its action tests it).
  const keysOf = conditionKeysByAction(iam.policies.map((p) => p.policy));
  const decisions = new Map<string, Promise<Decision>>();

  const decide = (request: IamRequest): Promise<Decision> => {
    const conditionKeys = keysOf(request.action);
    const context = Object.fromEntries(Object.entries(request.context ?? {}).filter(([k]) => conditionKeys.has(k.toLowerCase())));
    const key = `${request.action} ${request.resource} ${Object.keys(context).length ? JSON.stringify(context) : ''}`;
    let decision = decisions.get(key);
    if (!decision) {
      decision = runSimulation({
        request: { principal: iam.principal, action: request.action, resource: { resource: request.resource, accountId: iam.accountId }, contextVariables: context },
        identityPolicies: iam.policies, serviceControlPolicies: [], resourceControlPolicies: [],
      }, {}).then((result): Decision => {
        if (result.resultType === 'error') {
          throw new Error(`the local cloud cannot judge ${request.action} on ${request.resource}: ${JSON.stringify(result.errors)}`);
        }
        if (result.overallResult === 'Allowed') return { allowed: true };
        return { allowed: false, request, explicit: result.overallResult === 'ExplicitlyDenied' };
      });
      decisions.set(key, decision);
      // A failure to judge is not remembered: it says the mapping is wrong, every time.
      decision.catch(() => decisions.delete(key));
    }
    return decision;
  };

  return {
    decisions,
    async check(clientName, commandName, input, configuration) {
      const region = typeof configuration.region === 'function' ? await configuration.region() : configuration.region ?? '';
      const endpointPath = clientName === 'ApiGatewayManagementApiClient' ? (await configuration.endpoint?.())?.path : undefined;
      const requests = iamRequestsOf({ clientName, commandName, input: input ?? {}, region, endpointPath }, iam);
      if (requests === 'unchecked') return;
      for (const request of requests) {
        const decision = await decide(request);
        if (!decision.allowed) throw refusal(decision, iam.principal, opts);
      }
    },
  };
}

function refusal(decision: Extract<Decision, { allowed: false }>, principal: string, opts: Parameters<typeof iamGuard>[0]): Error {
  const { action, resource } = decision.request;
  const service = action.split(':')[0]!;
  const { code, status } = REFUSALS[service] ?? DEFAULT_REFUSAL;
  // AWS's words; S3 quotes the resource.
  const named = service === 's3' ? `"${resource}"` : resource;
  const because = decision.explicit ? 'with an explicit deny in an identity-based policy' : `because no identity-based policy allows the ${action} action`;
  const message = `User: ${principal} is not authorized to perform: ${action} on resource: ${named} ${because}`;
  const error = new opts.smithy.ServiceException({
    name: code, $fault: 'client', message,
    $metadata: { httpStatusCode: status, requestId: crypto.randomUUID(), attempts: 1, totalRetryDelay: 0 },
  }) as Error & Record<string, unknown>;
  error.__type = service === 'dynamodb' ? `com.amazon.coral.service#${code}` : code;
  if (service === 's3') error.Code = code;
  opts.onDenied({ action, resource, errorCode: code, errorMessage: message });
  return error;
}

/** The condition keys the statements that may apply to an action test (lower-cased: IAM's keys are case-insensitive). */
function conditionKeysByAction(policies: unknown[]): (action: string) => Set<string> {
  type Statement = { Action?: string | string[]; NotAction?: string | string[]; Condition?: Record<string, Record<string, unknown>> };
  const conditioned = policies.flatMap((p) => [(p as { Statement?: Statement | Statement[] }).Statement ?? []].flat()).filter((s) => s.Condition).map((s) => ({
    // A NotAction statement may apply to any action.
    actions: s.Action === undefined ? [/./] : [s.Action].flat().map((a) => new RegExp(`^${a.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i')),
    keys: Object.values(s.Condition!).flatMap((test) => Object.keys(test).map((k) => k.toLowerCase())),
  }));
  const byAction = new Map<string, Set<string>>();
  return (action) => {
    let keys = byAction.get(action);
    if (!keys) byAction.set(action, keys = new Set(conditioned.filter((s) => s.actions.some((a) => a.test(action))).flatMap((s) => s.keys)));
    return keys;
  };
}
