import { cpSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { AssetHashType, DockerImage, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { fromRepo, repoRoot } from './app-config';
import { LIBRARY_LAYER_PACKAGES, type LibraryLayerModule } from './lambda-bundling';

/**
 * The functions whose bundles can load a module of our library layer (their code holds an
 * `import()` of it), by entry. tests/infra/library-layer.test.ts builds every bundle with CDK's
 * options and fails naming any function that imports one of the modules without being listed.
 */
export const LIBRARY_LAYER_USERS: Readonly<Record<string, readonly LibraryLayerModule[]>> = {
  'lambdas/src/http/payments/checkout.ts': ['stripe', '@aws-lambda-powertools/idempotency'],
  'lambdas/src/http/bookings/add-booking.ts': ['@aws-lambda-powertools/idempotency'],
  'lambdas/src/http/trips/settle-booking.ts': ['@aws-lambda-powertools/idempotency'],
  'lambdas/src/http/trips/pay-booking.ts': ['@aws-lambda-powertools/idempotency'],
  'lambdas/src/http/trips/add-tip.ts': ['@aws-lambda-powertools/idempotency'],
  'lambdas/src/http/users/add-to-wallet.ts': ['@aws-lambda-powertools/idempotency'],
  'lambdas/src/http/withdraws/request-withdraw.ts': ['@aws-lambda-powertools/idempotency'],
  'lambdas/src/http/payments/confirm-payment.ts': ['stripe'],
  'lambdas/src/http/payments/decide-gateway-payment.ts': ['stripe'],
  'lambdas/src/http/payments/fetch-gateway-payment.ts': ['stripe'],
  'lambdas/src/http/payments/test-gateway-pay.ts': ['stripe'],
  'lambdas/src/http/notifications/fetch-web-push-key.ts': ['web-push'],
  'lambdas/src/http/notifications/register-device.ts': ['web-push'],
  'lambdas/src/http/notifications/unregister-device.ts': ['web-push'],
  'lambdas/src/http/notifications/send-notification.ts': ['web-push'],
  'lambdas/src/http/users/delete-account.ts': ['web-push'],
  'lambdas/src/http/users/delete-user.ts': ['web-push'],
  'lambdas/src/streams/fan-out.ts': ['web-push', 'libphonenumber-js'],
  'lambdas/src/http/users/set-emergency-contact.ts': ['libphonenumber-js'],
  'lambdas/src/jobs/dispatch-jobs.ts': ['web-push'],
};

/** Where Node looks for `name` from `fromDir`, as it resolves a bare import: the nearest node_modules up the tree. */
function resolvePackageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === dirname(dir)) throw new Error(`${name} is not installed (looked up from ${fromDir})`);
  }
}

/**
 * The installed packages a module needs at run time: itself and its `dependencies`, transitively,
 * each where Node resolves it in this install (a nested copy stays nested). Paths are relative to
 * the repository.
 */
export function runtimePackages(names: readonly string[]): string[] {
  const found = new Set<string>();
  const visit = (name: string, fromDir: string) => {
    const dir = resolvePackageDir(name, fromDir);
    const rel = relative(repoRoot, dir);
    if (found.has(rel)) return;
    found.add(rel);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir);
  };
  for (const name of names) visit(name, repoRoot);
  return [...found].sort();
}

/** Type declarations, source maps and documents: nothing the runtime reads. */
const NOT_RUNTIME = /\.d\.[cm]?ts$|\.map$|\.md$/i;

/**
 * Our own layer, once per stack: the installed releases of the libraries in LIBRARY_LAYER_PACKAGES
 * and everything they depend on, under `nodejs/node_modules` where the Node runtime resolves
 * imports from layers. The bundles leave these modules out (lambda-bundling.ts) and import them on
 * first use, so a function that never pays or pushes in an invocation never loads them. Built by
 * copying from this install at synth (no Docker, no network); the asset's hash is its content, so
 * a new release of either library makes a new layer version.
 */
export function libraryLayer(scope: Construct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  // CDK orders a function's layers by construct path, and Lambda extracts them in that order (a
  // later layer's file wins): this id sorts after the Powertools layer's, so the idempotency release
  // the code is tested with is the one its functions load.
  const id = 'SharedLibraryLayer';
  const existing = stack.node.tryFindChild(id) as lambda.ILayerVersion | undefined;
  if (existing) return existing;
  return new lambda.LayerVersion(stack, id, {
    description: `Libraries loaded on first use: ${LIBRARY_LAYER_PACKAGES.join(', ')}`,
    compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
    compatibleArchitectures: [lambda.Architecture.ARM_64],
    // The source directory is not read: local bundling copies the installed packages.
    code: lambda.Code.fromAsset(fromRepo('infra/constructs'), {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Never pulled: local bundling always succeeds.
        image: DockerImage.fromRegistry('public.ecr.aws/lambda/nodejs:22'),
        local: {
          tryBundle(outputDir: string) {
            for (const rel of runtimePackages(LIBRARY_LAYER_PACKAGES)) {
              // `rel` is node_modules/<name>[/node_modules/<nested>]: the same tree under nodejs/.
              const target = join(outputDir, 'nodejs', rel);
              cpSync(fromRepo(rel), target, { recursive: true, dereference: true, filter: (src) => !NOT_RUNTIME.test(src) });
            }
            return true;
          },
        },
      },
    }),
  });
}

/** The library layer for a function's entry, when its bundle can load one of the layer's modules. */
export function libraryLayersFor(scope: Construct, entry: string): lambda.ILayerVersion[] {
  return LIBRARY_LAYER_USERS[entry]?.length ? [libraryLayer(scope)] : [];
}
