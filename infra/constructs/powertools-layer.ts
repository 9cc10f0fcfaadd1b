import { readFileSync } from 'node:fs';
import { Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { fromRepo } from './app-config';

/**
 * The Powertools version the functions are built against (the installed tracer's), so the layer
 * that serves the tracer at run time is the very release the code was typed and tested with.
 */
export const POWERTOOLS_VERSION: string = JSON.parse(
  readFileSync(fromRepo('node_modules/@aws-lambda-powertools/tracer/package.json'), 'utf8'),
).version;

/** Where AWS publishes the Powertools (TypeScript) layer's ARN for a release, in every region. */
export const POWERTOOLS_LAYER_PARAMETER = `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`;

/**
 * Powertools' own public Lambda layer, once per stack: the functions' bundles leave the tracer and
 * the X-Ray SDK out (lambda-bundling.ts, LAYER_MODULES) and load them from here on their first
 * traced call. The ARN is resolved by CloudFormation from the public SSM parameter at deploy time,
 * so synth needs no account and no network.
 */
export function powertoolsLayer(scope: Construct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  const existing = stack.node.tryFindChild(id) as lambda.ILayerVersion | undefined;
  return existing ?? lambda.LayerVersion.fromLayerVersionArn(stack, id, ssm.StringParameter.valueForStringParameter(stack, POWERTOOLS_LAYER_PARAMETER));
}
