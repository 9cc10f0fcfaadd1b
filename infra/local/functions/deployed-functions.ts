import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestedStack, Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { buildApp } from '../../bin/build-app';
import { NodeFunction } from '../../constructs/node-function';
import { executionRoles, type ExecutionRole } from './execution-roles';
import { type LocalResources, resolveIntrinsics, type Template, type TemplateScope } from './intrinsics';
import type { RetryRules } from '../stream-poller';

/** One function as the local stage's synthesized template declares it. */
export interface DeployedFunction {
  /** The function's logical id: unique in the app, and what the local cloud calls it. */
  name: string;
  /** Repo-relative entry file it is bundled from. */
  entry: string;
  /** The template's runtime (`nodejs22.x`). */
  runtime: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** Its `Environment.Variables` with the local cloud's resources and endpoints in place of the deployment's. */
  environment(locals: LocalResources): Record<string, string>;
  /** Its execution role, its policies' resources the local cloud's. */
  role(locals: LocalResources): ExecutionRole;
  /** Each table's partition key attribute (the tables of the app), by the table's local name. */
  partitionKeys(locals: LocalResources): Record<string, string>;
  /** How a failed batch of the table stream is retried, when a stream event source mapping invokes it. */
  streamRetry?: RetryRules;
}

/** The context of the stage the local cloud runs: its stand-ins (outboxes, table timers, offline places) and the test gateway. */
export const LOCAL_STAGE_CONTEXT = { stage: 'local', localStandIns: 'true', testGateway: 'true' } as const;

/** What a synth yields that the functions need: every stack's template (a nested one with where its parent makes it) and the functions. */
interface Synthesized {
  stacks: Record<string, { name: string; template: Template; parent?: { stack: string; resource: string } }>;
  functions: { name: string; entry: string; stack: string }[];
}

/** What the app is made from: a synth is done again only when one of these, or the context, changed. */
const APP_SOURCES = ['infra/bin', 'infra/constructs', 'infra/stacks', 'shared/src', 'lambdas/src', 'cdk.json', 'package-lock.json'];

/**
 * Reads every function CDK makes for the local stage from its synthesized templates: entry,
 * runtime, timeout, memory, environment. The synth (bundling skipped: the local cloud bundles with
 * the same options itself; cdk-nag off: a deploy runs it) is cached by the content of what the app
 * is made from, so a start with nothing changed does not synthesize again.
 */
export function synthDeployedFunctions(opts: { root: string; siteOrigins?: string[]; cacheDir?: string }): { functions: DeployedFunction[]; cached: boolean } {
  const context = { 'aws:cdk:bundling-stacks': [], ...LOCAL_STAGE_CONTEXT, ...(opts.siteOrigins?.length ? { siteOrigins: opts.siteOrigins.join(',') } : {}) };
  const cacheDir = opts.cacheDir ?? join(opts.root, 'node_modules', '.cache', 'lambda-bundles');
  const sources = appSources(opts.root, context);
  const cacheFile = join(cacheDir, `synth-${sources.hash}.json`);
  let synthesized: Synthesized;
  const cached = existsSync(cacheFile);
  if (cached) {
    synthesized = JSON.parse(readFileSync(cacheFile, 'utf8')) as Synthesized;
  } else {
    synthesized = synthesize(context);
    // The synth runs the app's code as this process loaded it: a source edited since (a start
    // that took a while, an edit meanwhile) would file an older app under the new sources' hash,
    // and every later start would run the old roles. Such a synth serves this start only.
    if (sources.newest <= APP_LOADED_AT) {
      mkdirSync(cacheDir, { recursive: true });
      for (const old of readdirSync(cacheDir).filter((f) => f.startsWith('synth-'))) rmSync(join(cacheDir, old), { force: true });
      writeFileSync(cacheFile, JSON.stringify(synthesized));
    }
  }
  return { functions: functionsOf(synthesized), cached };
}

/** When this module, and with it the app it synthesizes (imported above), was loaded. */
const APP_LOADED_AT = Date.now();

/** The hash of the app's sources and the context, and when the newest of those files was written. */
function appSources(root: string, context: unknown): { hash: string; newest: number } {
  const hash = createHash('sha256').update(JSON.stringify(context));
  let newest = 0;
  const walk = (path: string) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (!stat.isDirectory()) {
      hash.update(path).update(readFileSync(full));
      newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const name of readdirSync(full).sort()) walk(join(path, name));
  };
  for (const source of APP_SOURCES) walk(source);
  return { hash: hash.digest('hex').slice(0, 16), newest };
}

function synthesize(context: Record<string, unknown>): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'ride-local-synth-'));
  const webDist = join(outdir, 'web-dist');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html>');
  try {
    const built = buildApp({ withCdkJsonContext: true, nagChecks: false, builtinCloudFormationValidation: false, webDist, outdir: join(outdir, 'cdk.out'), context });
    const assembly = built.app.synth();
    const all = built.app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
    const keyOf = (s: Stack) => s.node.path;
    const stacks: Synthesized['stacks'] = {};
    for (const s of all) {
      const template = JSON.parse(readFileSync(join(assembly.directory, s.templateFile), 'utf8')) as Template;
      const parent = NestedStack.isNestedStack(s) ? s.nestedStackParent! : undefined;
      stacks[keyOf(s)] = {
        name: parent ? `${parent.stackName}/${s.node.id}` : s.stackName, template,
        ...(parent ? { parent: { stack: keyOf(parent), resource: parent.getLogicalId((s as NestedStack).nestedStackResource as never) } } : {}),
      };
    }
    const functions = built.app.node.findAll().filter((c): c is NodeFunction => c instanceof NodeFunction).map((nf) => {
      const stack = Stack.of(nf.fn);
      return { name: stack.getLogicalId(nf.fn.node.defaultChild as CfnFunction), entry: nf.entry, stack: keyOf(stack) };
    });
    return { stacks, functions };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

function functionsOf(synthesized: Synthesized): DeployedFunction[] {
  const { stacks } = synthesized;
  const exported = (name: string, locals: LocalResources): unknown => {
    for (const key of Object.keys(stacks)) {
      for (const output of Object.values(stacks[key]!.template.Outputs ?? {})) {
        if (output.Export?.Name === name) return resolveIntrinsics(output.Value, scopeOf(key, locals), locals);
      }
    }
    throw new Error(`no stack exports ${name}`);
  };
  const scopeOf = (key: string, locals: LocalResources): TemplateScope => {
    const { name, template, parent } = stacks[key]!;
    const importValue = (n: string) => exported(n, locals);
    if (!parent) return { name, template, importValue };
    return {
      name, template, importValue,
      parameter: (p) => {
        const passed = (stacks[parent.stack]!.template.Resources?.[parent.resource]?.Properties?.Parameters as Record<string, unknown> | undefined)?.[p];
        return passed === undefined ? undefined : resolveIntrinsics(passed, scopeOf(parent.stack, locals), locals);
      },
    };
  };
  // One reading of the roles per set of local resources (a start has one).
  const rolesFor = new WeakMap<LocalResources, ReturnType<typeof executionRoles>>();
  const rolesOf = (locals: LocalResources) => {
    let roles = rolesFor.get(locals);
    if (!roles) rolesFor.set(locals, roles = executionRoles(stacks, (key) => scopeOf(key, locals), locals));
    return roles;
  };
  const partitionKeys = (locals: LocalResources) => Object.fromEntries(Object.entries(stacks).flatMap(([key, { template }]) =>
    Object.entries(template.Resources ?? {}).filter(([, r]) => r.Type === 'AWS::DynamoDB::Table').map(([id, r]) => [
      String(resolveIntrinsics({ Ref: id }, scopeOf(key, locals), locals)),
      ((r.Properties?.KeySchema ?? []) as { AttributeName: string; KeyType: string }[]).find((k) => k.KeyType === 'HASH')!.AttributeName,
    ])));
  return synthesized.functions.map((f) => {
    const props = stacks[f.stack]!.template.Resources![f.name]!.Properties as {
      Runtime: string; Timeout?: number; MemorySize?: number; Environment?: { Variables?: Record<string, unknown> };
    };
    const variables = props.Environment?.Variables ?? {};
    return {
      name: f.name, entry: f.entry, runtime: props.Runtime, timeoutSeconds: props.Timeout ?? 3, memoryMb: props.MemorySize ?? 128,
      environment: (locals) => {
        const resolved = resolveIntrinsics(variables, scopeOf(f.stack, locals), locals) as Record<string, unknown>;
        return Object.fromEntries(Object.entries(resolved).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
      },
      role: (locals) => rolesOf(locals)(f.stack, f.name),
      partitionKeys,
      ...streamRetryOf(stacks[f.stack]!.template, f.name),
    };
  });
}

/**
 * The retry rules of the stream event source mapping (one with a starting position; a queue's has
 * none) that invokes function `name`, Lambda's defaults where the template is silent.
 */
export function streamRetryOf(template: Template, name: string): { streamRetry?: RetryRules } {
  const mapping = Object.values(template.Resources ?? {}).find((r) => r.Type === 'AWS::Lambda::EventSourceMapping'
    && (r.Properties?.FunctionName as { Ref?: string } | undefined)?.Ref === name && r.Properties?.StartingPosition !== undefined);
  if (!mapping) return {};
  const p = mapping.Properties as {
    MaximumRetryAttempts?: number; BisectBatchOnFunctionError?: boolean; MaximumRecordAgeInSeconds?: number; FunctionResponseTypes?: string[];
  };
  return {
    streamRetry: {
      retryAttempts: p.MaximumRetryAttempts ?? -1,
      bisectOnError: p.BisectBatchOnFunctionError ?? false,
      maxRecordAgeSeconds: p.MaximumRecordAgeInSeconds ?? -1,
      reportBatchItemFailures: (p.FunctionResponseTypes ?? []).includes('ReportBatchItemFailures'),
    },
  };
}
