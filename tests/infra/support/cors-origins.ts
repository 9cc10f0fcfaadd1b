import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { Construct } from 'constructs';

type Json = Record<string, any>;

/**
 * A CloudFormation value as text, with references written `${LogicalId.Attr}`, `${LogicalId}` and
 * `${import:Name}`, so values built from tokens (an AwsCustomResource's call) can be read.
 */
export function flatten(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const o = v as Json;
    if ('Fn::Join' in o) { const [sep, parts] = o['Fn::Join'] as [string, unknown[]]; return parts.map(flatten).join(sep); }
    if ('Fn::GetAtt' in o) return `\${${(o['Fn::GetAtt'] as string[]).join('.')}}`;
    if ('Ref' in o) return `\${${o.Ref as string}}`;
    if ('Fn::ImportValue' in o) return `\${import:${flatten(o['Fn::ImportValue'])}}`;
  }
  return JSON.stringify(v);
}

/** The SDK calls of a template's AwsCustomResources (`Custom::AWS`), on create. */
export function sdkCalls(t: Template): { id: string; service: string; action: string; parameters: Json }[] {
  return Object.entries(t.findResources('Custom::AWS')).map(([id, r]) => {
    const create = JSON.parse(flatten((r.Properties as Json).Create)) as Json;
    return { id, service: create.service, action: create.action, parameters: create.parameters ?? {} };
  });
}

/** Where an origin that CORS allows was found, and the origin as written (references flattened). */
export interface CorsOrigin { stack: string; where: string; origin: string }

/**
 * Every origin any CORS setting of the app allows: buckets' own CORS rules, bucket CORS written at
 * deploy (PutBucketCors calls), REST preflight answers (OPTIONS integration responses) and the
 * API's gateway responses.
 */
export function corsOrigins(app: Construct): CorsOrigin[] {
  const found: CorsOrigin[] = [];
  const stacks = app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
  for (const stack of stacks) {
    const t = Template.fromStack(stack);
    const name = stack.stackName;
    for (const [id, b] of Object.entries(t.findResources('AWS::S3::Bucket'))) {
      for (const rule of ((b.Properties as Json)?.CorsConfiguration?.CorsRules ?? []) as Json[]) {
        for (const o of rule.AllowedOrigins ?? []) found.push({ stack: name, where: `bucket ${id}`, origin: flatten(o) });
      }
    }
    for (const call of sdkCalls(t).filter((c) => c.action === 'PutBucketCors')) {
      for (const rule of (call.parameters.CORSConfiguration?.CORSRules ?? []) as Json[]) {
        for (const o of rule.AllowedOrigins ?? []) found.push({ stack: name, where: `PutBucketCors ${call.id}`, origin: o as string });
      }
    }
    for (const [id, m] of Object.entries(t.findResources('AWS::ApiGateway::Method'))) {
      for (const r of ((m.Properties as Json).Integration?.IntegrationResponses ?? []) as Json[]) {
        const o = r.ResponseParameters?.['method.response.header.Access-Control-Allow-Origin'];
        if (o !== undefined) found.push({ stack: name, where: `method ${id}`, origin: flatten(o).replace(/^'|'$/g, '') });
      }
    }
    for (const [id, g] of Object.entries(t.findResources('AWS::ApiGateway::GatewayResponse'))) {
      const o = (g.Properties as Json).ResponseParameters?.['gatewayresponse.header.Access-Control-Allow-Origin'];
      if (o !== undefined) found.push({ stack: name, where: `gateway response ${id}`, origin: flatten(o).replace(/^'|'$/g, '') });
    }
  }
  return found;
}
