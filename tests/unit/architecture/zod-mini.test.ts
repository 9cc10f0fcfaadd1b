import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every Lambda bundle carries the zod its sources import. Zod's classic API (`zod`, `zod/v4`) puts
 * every method on every schema, so none of it can be left out of a bundle: about 90 KB minified
 * and a third of a handler's import CPU. `zod/mini` is the same parser with a functional API that
 * bundles only what a schema uses. The contract and the functions import only `zod/mini` (or the
 * core it is built on); the web app may use the classic API for its own forms.
 */

const ROOT = resolve(__dirname, '../../..');
const SCANNED = ['shared/src', 'lambdas/src'];
const ALLOWED = /^zod\/(mini|v4\/mini|v4\/core|v4-mini|locales|v4\/locales)(\/.*)?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('zod in the functions and the contract', () => {
  it('is imported only as zod/mini, never as classic zod', () => {
    const files = SCANNED.flatMap(sourceFiles);
    const classic = files.flatMap((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
      return importedFiles
        .map((i) => i.fileName)
        .filter((spec) => /^zod(\/|$)/.test(spec) && !ALLOWED.test(spec))
        .map((spec) => `${file} -> ${spec}`);
    });
    expect(files.length).toBeGreaterThan(100);
    expect(classic).toEqual([]);
  });
});
