import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestedStack, Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { buildApp } from '../../bin/build-app';
import { NodeFunction } from '../../constructs/node-function';
import { type LocalResources, resolveIntrinsics, type Template, type TemplateScope } from './intrinsics';

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
}

/** The context of the stage the local cloud runs: its stand-ins (outboxes, table timers, offline places) and the test gateway. */
export const LOCAL_STAGE_CONTEXT = { stage: 'local', localStandIns: 'true', testGateway: 'true' } as const;

/**
 * Synthesizes the CDK app for the local stage (bundling skipped: the local cloud bundles with the
 * same options itself, and cdk-nag off: a deploy runs it) and reads every function CDK makes from
 * the templates it wrote: entry, runtime, timeout, memory, environment.
 */
export function synthDeployedFunctions(opts: { siteOrigins?: string[] } = {}): DeployedFunction[] {
  const outdir = mkdtempSync(join(tmpdir(), 'ride-local-synth-'));
  const webDist = join(outdir, 'web-dist');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html>');
  try {
    const built = buildApp({
      withCdkJsonContext: true, nagChecks: false, builtinCloudFormationValidation: false, webDist, outdir: join(outdir, 'cdk.out'),
      context: { 'aws:cdk:bundling-stacks': [], ...LOCAL_STAGE_CONTEXT, ...(opts.siteOrigins?.length ? { siteOrigins: opts.siteOrigins.join(',') } : {}) },
    });
    const assembly = built.app.synth();
    // Every template is read now: the functions' environments are resolved later, once the local
    // resources exist, and the synth's folder is gone by then.
    const stacks = built.app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
    const templates = new Map<Stack, Template>(stacks.map((s) => [s, JSON.parse(readFileSync(join(assembly.directory, s.templateFile), 'utf8')) as Template]));
    const templateOf = (stack: Stack): Template => templates.get(stack)!;
    const exported = (name: string, locals: LocalResources): unknown => {
      for (const stack of stacks) {
        for (const output of Object.values(templateOf(stack).Outputs ?? {})) {
          if (output.Export?.Name === name) return resolveIntrinsics(output.Value, scopeOf(stack, locals), locals);
        }
      }
      throw new Error(`no stack exports ${name}`);
    };
    const scopeOf = (stack: Stack, locals: LocalResources): TemplateScope => {
      const template = templateOf(stack);
      const importValue = (name: string) => exported(name, locals);
      if (!NestedStack.isNestedStack(stack)) return { name: stack.stackName, template, importValue };
      const parent = stack.nestedStackParent!;
      const resource = stack.nestedStackResource!;
      const parentScope = () => scopeOf(parent, locals);
      const passed = () => templateOf(parent).Resources?.[parent.getLogicalId(resource as never)]?.Properties?.Parameters as Record<string, unknown> | undefined;
      return {
        name: `${parent.stackName}/${stack.node.id}`, template, importValue,
        parameter: (name) => {
          const value = passed()?.[name];
          return value === undefined ? undefined : resolveIntrinsics(value, parentScope(), locals);
        },
      };
    };
    return built.app.node.findAll().filter((c): c is NodeFunction => c instanceof NodeFunction).map((nf) => {
      const stack = Stack.of(nf.fn);
      const name = stack.getLogicalId(nf.fn.node.defaultChild as CfnFunction);
      const props = templateOf(stack).Resources![name]!.Properties as {
        Runtime: string; Timeout?: number; MemorySize?: number; Environment?: { Variables?: Record<string, unknown> };
      };
      const variables = props.Environment?.Variables ?? {};
      return {
        name, entry: nf.entry, runtime: props.Runtime, timeoutSeconds: props.Timeout ?? 3, memoryMb: props.MemorySize ?? 128,
        environment: (locals) => {
          const resolved = resolveIntrinsics(variables, scopeOf(stack, locals), locals) as Record<string, unknown>;
          return Object.fromEntries(Object.entries(resolved).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
        },
      };
    });
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
