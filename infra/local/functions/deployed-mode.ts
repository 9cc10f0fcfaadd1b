import { dirname } from 'node:path';
import { bundleFunctions } from './bundle-cache';
import { synthDeployedFunctions, type DeployedFunction } from './deployed-functions';
import type { RetryRules } from '../stream-poller';
import { startFunctionHost } from './function-host';
import type { AccessDenial, FunctionIam } from './iam-guard';
import type { LocalResources } from './intrinsics';
import type { FunctionSpec, InvokeContext } from './protocol';
import { startSecretsManager } from '../secrets-manager';

/** What the local cloud has in place of the deployment's resources. */
export interface LocalStandIns {
  region: string;
  /** The public origin (REST under /api, WebSocket and its management API under /ws). */
  origin: string;
  /** The site's origins (CDK context `siteOrigins`): return addresses and links sent by SMS. */
  siteOrigins: string[];
  tableName: string;
  streamArn: string;
  userPoolId: string;
  userPoolClientId: string;
  bucket: string;
  /** `AWS_ENDPOINT_URL_<SERVICE>` values: where the SDK finds each emulator. */
  endpoints: Record<string, string>;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Each secret's value, by the environment variable that gives a function its ARN (`TEST_GATEWAY_SECRET_ARN`). */
  secretValues: Record<string, string>;
  /**
   * Where no observability backend listens (no X-Ray daemon, nothing reads metric lines): the
   * Powertools switches the local runtime sets, as a Lambda extension would decide them.
   */
  telemetry: Record<string, string>;
}

export interface DeployedFunctions {
  /** The function made from `entry`, invoked as Lambda invokes it (a failure rejects with FunctionError). */
  handlerFor(entry: string): (event: unknown, context?: { awsRequestId?: string }) => Promise<unknown>;
  functions: readonly DeployedFunction[];
  /** The environment a function runs with (for tests and diagnostics). */
  environmentOf(entry: string): Record<string, string>;
  /** How often the function made from `entry` was invoked since the start. */
  invocationsOf(entry: string): number;
  /** How a failed batch of the table stream is retried for the function made from `entry` (its event source mapping), if it reads the stream. */
  streamRetryOf(entry: string): RetryRules | undefined;
  /** The identity a function's AWS calls are judged as: its role's session and the role's policies. */
  iamOf(entry: string): FunctionIam;
  /** The calls the functions' roles refused, latest last (as CloudTrail records them; the last 200). */
  accessDenied: { fn: string; denial: AccessDenial }[];
  /**
   * For tests: the function deployed with a role that lacks `action` (taken out of every statement
   * of its policies), until the returned function restores the role. Its next call starts a new
   * environment, as a deployment of a changed role would.
   */
  withoutGrant(entry: string, action: string): () => void;
  timings: { synthMs: number; synthCached: boolean; bundleMs: number; bundlesBuilt: number; bundlesReused: number; hostMs: number };
  stop(): Promise<void>;
}

const ACCOUNT = '000000000000';

/**
 * The local cloud's functions as they are deployed: the local stage synthesized, each function's
 * environment read from its template and resolved to the local resources, each bundled with CDK's
 * options (cached by content) and run in its own worker thread of a host on the deployed Node major.
 */
export async function startDeployedFunctions(root: string, local: LocalStandIns, step: (m: string) => void = () => undefined): Promise<DeployedFunctions> {
  step('Synthesizing the local stage (functions as CDK deploys them; cached while the app is unchanged)');
  let t = Date.now();
  // The site's origins differ per start (a free port in tests): the stage is synthesized with
  // stand-in origins, put in place below, so that the synth is cached across starts.
  const originStandIns = local.siteOrigins.map((_, i) => `http://site-${i}.local.invalid`);
  const { functions, cached: synthCached } = synthDeployedFunctions({ root, siteOrigins: originStandIns });
  const synthMs = Date.now() - t;
  const byEntry = new Map(functions.map((f) => [f.entry, f]));
  const runtimes = [...new Set(functions.map((f) => f.runtime))];
  if (runtimes.length !== 1) throw new Error(`the functions are deployed on several runtimes (${runtimes.join(', ')}); one host serves one`);

  step(`Bundling ${functions.length} functions with CDK's esbuild options (cached)`);
  const bundles = await bundleFunctions(root, [...byEntry.keys()]);

  t = Date.now();
  const accessDenied: DeployedFunctions['accessDenied'] = [];
  const host = await startFunctionHost({
    root, runtime: runtimes[0]!,
    onDenied: (fn, denial) => {
      accessDenied.push({ fn, denial });
      if (accessDenied.length > 200) accessDenied.shift();
      // What the function's own log shows of it, and where CloudTrail would record it.
      process.stderr.write(`${fn}: ${denial.errorCode}: ${denial.errorMessage}\n`);
    },
  });
  const hostMs = Date.now() - t;

  const restApi = 'local-rest';
  const wsApi = 'local-ws';
  const locals: LocalResources = {
    region: local.region, accountId: ACCOUNT,
    ref: (type) => ({
      'AWS::DynamoDB::Table': local.tableName, 'AWS::Cognito::UserPool': local.userPoolId,
      'AWS::Cognito::UserPoolClient': local.userPoolClientId, 'AWS::S3::Bucket': local.bucket,
      'AWS::ApiGateway::RestApi': restApi, 'AWS::ApiGatewayV2::Api': wsApi,
    } as Record<string, string>)[type],
    attribute: (type, _id, attr) => {
      if (type === 'AWS::DynamoDB::Table') return attr === 'StreamArn' ? local.streamArn : attr === 'Arn' ? `arn:aws:dynamodb:${local.region}:${ACCOUNT}:table/${local.tableName}` : undefined;
      if (type === 'AWS::Cognito::UserPool' && attr === 'Arn') return `arn:aws:cognito-idp:${local.region}:${ACCOUNT}:userpool/${local.userPoolId}`;
      if (type === 'AWS::S3::Bucket' && attr === 'Arn') return `arn:aws:s3:::${local.bucket}`;
      return undefined;
    },
  };
  // The APIs' execute-api addresses (the WebSocket management endpoint) are the gateway's origin here.
  const executeApi = new RegExp(`^https://(${restApi}|${wsApi})\\.execute-api\\.[a-z0-9-]+\\.amazonaws\\.com`);
  const envCache = new Map<string, Record<string, string>>();
  const environmentOf = (fn: DeployedFunction): Record<string, string> => {
    let env = envCache.get(fn.name);
    if (env) return env;
    const localized = (v: string) => originStandIns.reduce((text, standIn, i) => text.replaceAll(standIn, local.siteOrigins[i]!), v.replace(executeApi, local.origin));
    const fromTemplate = Object.fromEntries(Object.entries(fn.environment(locals)).map(([k, v]) => [k, localized(v)]));
    env = {
      ...fromTemplate,
      ...local.telemetry,
      // What the Lambda runtime itself sets, over anything the function's configuration says.
      AWS_REGION: local.region, AWS_DEFAULT_REGION: local.region,
      AWS_LAMBDA_FUNCTION_NAME: fn.name, AWS_LAMBDA_FUNCTION_VERSION: '$LATEST', AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
      AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.name}`, AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
      LAMBDA_TASK_ROOT: dirname(bundles.files.get(fn.entry)!), TZ: ':UTC',
      AWS_ACCESS_KEY_ID: local.credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: local.credentials.secretAccessKey,
      ...Object.fromEntries(Object.entries(local.endpoints).map(([service, url]) => [`AWS_ENDPOINT_URL_${service}`, url])),
    };
    envCache.set(fn.name, env);
    return env;
  };

  // The secrets the functions are given ARNs of, served at those ARNs.
  const secrets = new Map<string, string>();
  for (const fn of functions) {
    const env = environmentOf(fn);
    for (const [variable, value] of Object.entries(local.secretValues)) if (env[variable]) secrets.set(env[variable], value);
  }
  const secretsManager = await startSecretsManager(secrets);
  for (const env of envCache.values()) env.AWS_ENDPOINT_URL_SECRETS_MANAGER = secretsManager.endpoint;

  // Each function's identity: its role's session (role and function named as AWS names them) and policies.
  const iamCache = new Map<string, FunctionIam>();
  const iamOf = (fn: DeployedFunction): FunctionIam => {
    let iam = iamCache.get(fn.name);
    if (!iam) {
      const role = fn.role(locals);
      iam = {
        principal: `arn:aws:sts::${ACCOUNT}:assumed-role/${role.name}/${fn.name}`, accountId: ACCOUNT,
        policies: role.policies, webSocketApiId: wsApi, partitionKeys: fn.partitionKeys(locals),
      };
      iamCache.set(fn.name, iam);
    }
    return iam;
  };
  // Grants taken out by tests, by entry.
  const revoked = new Map<string, Set<string>>();
  const specOf = (entry: string): FunctionSpec => {
    const fn = byEntry.get(entry);
    if (!fn) throw new Error(`CDK makes no function from ${entry}`);
    const spec: FunctionSpec = { name: fn.name, bundle: bundles.files.get(entry)!, environment: environmentOf(fn), timeoutSeconds: fn.timeoutSeconds, memoryMb: fn.memoryMb, iam: iamOf(fn) };
    const actions = revoked.get(entry);
    if (!actions?.size) return spec;
    return { ...spec, iam: withoutActions(spec.iam!, actions), revision: `without ${[...actions].sort().join(' ')}` };
  };
  const invocations = new Map<string, number>();
  return {
    functions,
    handlerFor: (entry) => {
      specOf(entry);
      return (event, context) => {
        invocations.set(entry, (invocations.get(entry) ?? 0) + 1);
        return host.invoke(specOf(entry), event, context?.awsRequestId ? { awsRequestId: context.awsRequestId } as Partial<InvokeContext> : {});
      };
    },
    environmentOf: (entry) => specOf(entry).environment,
    invocationsOf: (entry) => invocations.get(entry) ?? 0,
    streamRetryOf: (entry) => byEntry.get(entry)?.streamRetry,
    iamOf: (entry) => specOf(entry).iam!,
    accessDenied,
    withoutGrant: (entry, action) => {
      specOf(entry);
      const actions = revoked.get(entry) ?? new Set();
      revoked.set(entry, actions.add(action));
      return () => { actions.delete(action); };
    },
    timings: { synthMs, synthCached, bundleMs: bundles.ms, bundlesBuilt: bundles.built, bundlesReused: bundles.reused, hostMs },
    async stop() {
      await host.stop();
      await secretsManager.stop();
    },
  };
}

/** An identity whose policies grant none of `actions` (each statement keeps its other actions; one left with none goes). */
function withoutActions(iam: FunctionIam, actions: Set<string>): FunctionIam {
  const policies = iam.policies.map(({ name, policy }) => {
    const doc = policy as { Statement: { Action?: string | string[] }[] };
    const statements = [doc.Statement].flat().flatMap((st) => {
      if (st.Action === undefined) return [st];
      const kept = [st.Action].flat().filter((a) => !actions.has(a));
      return kept.length > 0 ? [{ ...st, Action: kept }] : [];
    });
    return { name, policy: { ...doc, Statement: statements } };
  });
  return { ...iam, policies };
}
