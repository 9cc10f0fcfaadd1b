import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultApp } from './support/default-app';
import { fixtureDist } from './support/fixture-dist';
import { buildApp, type BuiltApp } from '../../infra/bin/build-app';
import { EXTERNAL_MODULES, LAYER_MODULES } from '../../infra/constructs/lambda-bundling';
import { POWERTOOLS_LAYER_PARAMETER, POWERTOOLS_VERSION } from '../../infra/constructs/powertools-layer';

type Json = Record<string, any>;

/**
 * Lean functions: the tracer and the X-Ray SDK are left out of every bundle and served by
 * Powertools' public layer of the installed release, resolved from AWS's SSM parameter at deploy.
 */
describe('the Powertools layer', () => {
  let built: BuiltApp;
  beforeAll(() => {
    built = defaultApp();
  });

  it('is the release the code is built against', () => {
    expect(POWERTOOLS_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    expect(POWERTOOLS_LAYER_PARAMETER).toBe(`/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`);
    for (const m of LAYER_MODULES) expect(EXTERNAL_MODULES).toContain(m);
  });

  it("is on every one of the platform's functions, read from the public parameter of that release", () => {
    let functions = 0;
    for (const stack of built.app.node.findAll().filter((c): c is Stack => Stack.isStack(c))) {
      const template = Template.fromStack(stack);
      const parameters = template.findParameters('*', { Type: 'AWS::SSM::Parameter::Value<String>', Default: POWERTOOLS_LAYER_PARAMETER });
      // The platform's functions are the traced ones; CDK's own helper functions are not built from our entries.
      const ours = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([, f]) => (f.Properties as Json).TracingConfig?.Mode === 'Active');
      for (const [id, f] of ours) {
        const layers = JSON.stringify((f.Properties as Json).Layers ?? []);
        expect(Object.keys(parameters).some((p) => layers.includes(`"${p}"`)), `${stack.stackName}/${id} has the Powertools layer`).toBe(true);
      }
      functions += ours.length;
    }
    expect(functions).toBeGreaterThan(100);
  });
});
