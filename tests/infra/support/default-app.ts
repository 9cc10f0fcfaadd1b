import { buildApp, type BuiltApp } from '../../../infra/bin/build-app';
import { fixtureDist } from './fixture-dist';

let shared: BuiltApp | undefined;

/**
 * The app as `cdk synth` makes it with cdk.json's context (no bundling), with the cdk-nag checks
 * as validation plugins (a finding fails the synth), synthesized once per test worker and shared
 * by every file that only reads it: building and synthesizing every stack is most of an infra
 * file's time. The infra project runs its files in one module scope (vitest.config.ts) for this.
 * A file that needs other context or options builds its own app.
 */
export function defaultApp(): BuiltApp {
  if (!shared) {
    const built = buildApp({
      withCdkJsonContext: true,
      context: { 'aws:cdk:bundling-stacks': [] },
      builtinCloudFormationValidation: false,
      webDist: fixtureDist(),
    });
    built.app.synth();
    shared = built;
  }
  return shared;
}
