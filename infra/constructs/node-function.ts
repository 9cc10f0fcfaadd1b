import { existsSync } from 'node:fs';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type AppConfig, fromRepo, localStandInsOf, repoRoot } from './app-config';
import { bundleDefines, externalModulesFor, LAMBDA_BUNDLING } from './lambda-bundling';
import { acknowledge } from './nag';
import { libraryLayersFor } from './library-layer';
import { powertoolsLayer } from './powertools-layer';

export interface HandlerEntry {
  /** What the handler serves, for the error message (e.g. `GET /me (fetchUser)`). */
  label: string;
  /** Repo-relative path of the TypeScript module that exports `handler`. */
  entry: string;
}

/**
 * Fails synth, naming every missing handler at once, instead of letting one NodejsFunction report
 * the first absolute path it could not find. Skipping a route silently would deploy an API that
 * lacks it.
 */
export function assertHandlerEntries(entries: readonly HandlerEntry[]): void {
  const missing = entries.filter((e) => !existsSync(fromRepo(e.entry)));
  if (missing.length === 0) return;
  const lines = missing.map((m) => `  - ${m.entry}  (${m.label})`).join('\n');
  throw new Error(
    `Missing Lambda handler entr${missing.length === 1 ? 'y' : 'ies'} (each must export \`handler\`):\n${lines}`,
  );
}

/** How a function reports: its Powertools service name and metrics namespace, and its log retention. */
export interface FunctionObservability {
  /**
   * POWERTOOLS_SERVICE_NAME: the `service` of its logs, traces and metrics. One per deployment
   * (`ride-platform-<stage>`), because the licence check sends it as the deployment's project id;
   * functions are told apart by the `function_name` Powertools adds.
   */
  service: string;
  /** POWERTOOLS_METRICS_NAMESPACE: the stage's custom metrics namespace (`ride-platform-<stage>`). */
  metricsNamespace: string;
  logRetention: logs.RetentionDays;
}

/** A function's observability from the stage config: the stage's service name, namespace and log retention. */
export function observability(config: Pick<AppConfig, 'prefix' | 'profile'>): FunctionObservability {
  return { service: config.prefix, metricsNamespace: config.prefix, logRetention: config.profile.logRetentionDays as logs.RetentionDays };
}

export interface NodeFunctionProps {
  /** Repo-relative entry file exporting `handler`. */
  entry: string;
  description: string;
  environment: Record<string, string>;
  observability: FunctionObservability;
  memorySize?: number;
  timeout?: Duration;
}

/**
 * The X-Ray write actions have no resource-level permissions, so they need "*". They live in one
 * customer-managed policy per stack, attached to every function role there, so the "*" is
 * acknowledged on a policy that holds nothing else (and the function's own policy stays free of
 * wildcards). `Tracing.ACTIVE` on the L2 would put the same statement into each role's default
 * policy, where an acknowledgement would also cover any other "*" added later.
 */
function xrayWritePolicy(scope: Construct): iam.ManagedPolicy {
  const stack = Stack.of(scope);
  const id = 'XRayWriteAccess';
  const existing = stack.node.tryFindChild(id);
  if (existing) return existing as iam.ManagedPolicy;
  const policy = new iam.ManagedPolicy(stack, id, {
    description: 'Lambda active tracing: send trace segments and telemetry to X-Ray',
    statements: [new iam.PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] })],
  });
  acknowledge(policy, {
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: 'xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions; this policy holds only them.',
  });
  return policy;
}

/**
 * One Lambda with the project's defaults: Node 22 on arm64, an ESM bundle built by the local esbuild
 * (no Docker), its own log group with a retention, and its own role that may write only to that log
 * group. Callers add data grants to `fn`; nothing is shared between functions.
 */
export class NodeFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  /** Repo-relative entry file the function is bundled from. */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: NodeFunctionProps) {
    super(scope, id);
    this.entry = props.entry;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.observability.logRetention,
      // Logs are diagnostics, not records: they go with the function.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // An explicit role instead of AWSLambdaBasicExecutionRole: that managed policy lets a function
    // create and write any log group in the account; this one may write only its own.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
    });
    this.logGroup.grantWrite(this.role);
    this.role.addManagedPolicy(xrayWritePolicy(this));

    this.fn = new NodejsFunction(this, 'Fn', {
      entry: fromRepo(props.entry),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: fromRepo('package-lock.json'),
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: props.observability.service,
        POWERTOOLS_METRICS_NAMESPACE: props.observability.metricsNamespace,
      },
      // The tracer the bundle leaves out (LAYER_MODULES) comes from Powertools' layer; Stripe,
      // web-push and idempotency (LIBRARY_LAYER_PACKAGES), where the function can load them, from
      // ours, which Lambda extracts after Powertools' (see libraryLayer), so its idempotency (the
      // release the code is tested with) is the one at that path.
      layers: [powertoolsLayer(this), ...libraryLayersFor(this, props.entry)],
      bundling: {
        ...LAMBDA_BUNDLING,
        format: OutputFormat.ESM,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        externalModules: externalModulesFor({ localStandIns: localStandInsOf(this.node) }),
        define: bundleDefines(),
      },
    });
    // Active tracing, set on the resource: see xrayWritePolicy for why not through `tracing`.
    (this.fn.node.defaultChild as lambda.CfnFunction).tracingConfig = { mode: lambda.Tracing.ACTIVE };
  }
}
