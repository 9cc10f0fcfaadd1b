import { readFileSync } from 'node:fs';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../infra/bin/build-app';
import { CONTEXT_KEYS, fromRepo } from '../../infra/constructs/app-config';
import { fixtureDist } from './support/fixture-dist';

/**
 * docs/deploy.md is checked against the synthesized app: the stacks, context keys, outputs and npm
 * scripts it names must exist, and every one that exists must be in it. A renamed output or a new
 * context key fails here until the guide follows.
 */
const guide = readFileSync(fromRepo('docs/deploy.md'), 'utf8');
const section = (heading: string): string => {
  const start = guide.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rest = guide.slice(start + heading.length);
  const next = rest.search(/\n#{2,3} /);
  return next < 0 ? rest : rest.slice(0, next);
};
/** First-column backticked values of a markdown table's rows. */
const tableRows = (text: string): string[][] =>
  text.split('\n').filter((l) => /^\| `/.test(l)).map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));

const partOf = (stackName: string): string => stackName.replace(/^RidePlatform-[^-]+-/, '');

let built: BuiltApp;
/** Outputs of each stack by its part (Data, Api, …), with every optional feature on. */
const outputs = new Map<string, Set<string>>();

beforeAll(() => {
  built = buildApp({
    withCdkJsonContext: true,
    nagChecks: false,
    builtinCloudFormationValidation: false,
    webDist: fixtureDist(),
    context: {
      'aws:cdk:bundling-stacks': [],
      // Every output that exists only with an option switched on.
      testGateway: 'true',
      stripe: 'true',
      pushFcmSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:fcm-AbCdEf',
      pushApnsSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:apns-AbCdEf',
    },
  });
  for (const stack of [built.data, built.monitoring, built.auth, built.geo, built.push, built.api, built.edge, built.web]) {
    // CDK's own outputs are left out: cross-stack exports (ExportsOutput…) and RestApi's automatic
    // endpoint output (a hashed id; RestApiUrl is the same value).
    const names = Object.keys(Template.fromStack(stack).toJSON().Outputs ?? {}).filter((n) => !n.startsWith('ExportsOutput') && !/^RestApiEndpoint[0-9A-F]{8}$/.test(n));
    outputs.set(partOf(stack.stackName), new Set(names));
  }
});

describe('docs/deploy.md', () => {
  it('names exactly the stacks the app has', () => {
    const named = new Set([...guide.matchAll(/RidePlatform-(?:<stage>|[a-z][a-z0-9-]*)-([A-Z][A-Za-z]*)/g)].map((m) => m[1]!));
    expect([...named].sort()).toEqual([...outputs.keys()].sort());
    // The edge stack's region is what the guide says.
    expect(built.edge.region).toBe('us-east-1');
  });

  it('documents every context key the app reads, and no other', () => {
    const documented = tableRows(section('## 3. Context options')).map((r) => r[0]!.replace(/`/g, ''));
    expect([...documented].sort()).toEqual([...CONTEXT_KEYS].sort());
    // CONTEXT_KEYS itself must list every key app-config.ts reads.
    const source = readFileSync(fromRepo('infra/constructs/app-config.ts'), 'utf8');
    const read = new Set([...source.matchAll(/(?:text|flag|list)\(node, '(\w+)'\)/g)].map((m) => m[1]!));
    expect(read.size).toBeGreaterThan(10);
    for (const key of read) expect(CONTEXT_KEYS as readonly string[], key).toContain(key);
    // Every -c key=value in a command is a real key.
    const used = [...guide.matchAll(/-c ([A-Za-z]+)=/g)].map((m) => m[1]!).filter((k) => k !== 'key');
    expect(used.length).toBeGreaterThan(5);
    for (const key of used) expect(CONTEXT_KEYS as readonly string[], key).toContain(key);
  });

  it('lists every stack output, each under the stack that has it', () => {
    const rows = tableRows(section('### Outputs')).map((r) => ({ stack: partOf(r[0]!.replace(/`/g, '')), output: r[1]!.replace(/`/g, '') }));
    const documented = new Set(rows.map((r) => `${r.stack}.${r.output}`));
    const actual = new Set([...outputs].flatMap(([stack, names]) => [...names].map((n) => `${stack}.${n}`)));
    expect([...documented].sort()).toEqual([...actual].sort());
  });

  it('reads only outputs that exist in its commands', () => {
    const refs = [...guide.matchAll(/\['RidePlatform-[a-z]+-([A-Z][A-Za-z]*)'\]\.([A-Za-z]+)/g)];
    expect(refs.length).toBeGreaterThan(5);
    for (const [, stack, output] of refs) expect(outputs.get(stack!)?.has(output!), `${stack}.${output}`).toBe(true);
  });

  it('runs only npm scripts that exist, and quotes deploy:local as it is', () => {
    const scripts = (JSON.parse(readFileSync(fromRepo('package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const used = new Set([...guide.matchAll(/npm run ([a-z][a-z:-]*)/g)].map((m) => m[1]!));
    expect(used).toContain('deploy:local');
    for (const name of used) expect(scripts[name], name).toBeDefined();
    expect(guide).toContain(`\`npm run deploy:local\` is \`${scripts['deploy:local']}\``);
    expect(scripts['deploy:local']).toMatch(/^cdklocal deploy --all --require-approval never -c stage=local\b/);
  });

  it('names every variable the integration suite reads from the environment', () => {
    const setup = readFileSync(fromRepo('tests/integration/global-setup.ts'), 'utf8');
    const vars = new Set([...setup.matchAll(/process\.env\.([A-Z_]+)/g)].map((m) => m[1]!));
    expect(vars).toContain('API_URL');
    const lastSection = section('## 9. LocalStack');
    for (const v of vars) expect(lastSection, v).toContain(v);
  });
});
