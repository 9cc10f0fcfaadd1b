import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm test`: the typecheck and the web build side by side (the typecheck is TypeScript 7's native
 * compiler, `typescript-native`: about a fifth of 5.9's CPU for the same errors; 5.9 stays the
 * `typescript` package for the tools that need its JavaScript API), then the unit and CDK assertion tests, then the integration suite on the local
 * cloud. Each step's seconds are printed, and a summary at the end, so a slow step shows in any
 * log. The first group that fails ends the run (the other step of its group still finishes).
 *
 * TEST_STEP_DONE_DIR: a file named after each step that passed is written there as it finishes
 * (CI starts the browser tests on the built web app while the rest of `npm test` runs).
 */
interface Step { name: string; script: string; args?: string[] }

const groups: Step[][] = [
  [{ name: 'typecheck', script: 'typecheck' }, { name: 'web-build', script: 'build:web' }],
  [{ name: 'unit-infra', script: 'test:unit', args: ['--project', 'infra'] }],
  [{ name: 'integration', script: 'test:integration' }],
];

const doneDir = process.env.TEST_STEP_DONE_DIR;
const timings: string[] = [];

function run(step: Step): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.script, ...(step.args?.length ? ['--', ...step.args] : [])], { stdio: 'inherit' });
    child.once('exit', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      const line = `${step.name}: ${seconds} s${ok ? '' : ` (failed: ${signal ?? `exit ${code}`})`}`;
      timings.push(line);
      console.log(`\nnpm test step ${line}`);
      if (ok && doneDir) {
        mkdirSync(doneDir, { recursive: true });
        writeFileSync(join(doneDir, step.name), `${seconds}\n`);
      }
      resolve(ok);
    });
  });
}

async function main() {
  const started = Date.now();
  let passed = true;
  for (const group of groups) {
    const results = await Promise.all(group.map(run));
    if (results.includes(false)) { passed = false; break; }
  }
  console.log(`\nnpm test steps:\n  ${timings.join('\n  ')}\n  total: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(passed ? 0 : 1);
}

main();
