import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, cdkJsonContext, type BuiltApp } from '../../infra/bin/build-app';
import { readAppConfig } from '../../infra/constructs/app-config';
import { corsOrigins, flatten, sdkCalls } from './support/cors-origins';
import { fixtureDist } from './support/fixture-dist';

type Json = Record<string, any>;

/**
 * The deployed headers come from the same definition as the local gateway's
 * (shared/src/contract/security-headers.ts): the site's CSP and nosniff in CloudFront's response
 * headers policy; CORS for the site's own origins only (the uploads bucket: exactly the
 * distribution's domain or the custom domain), never '*' nor a wildcard domain.
 */
const build = (context: Record<string, unknown> = {}) => buildApp({
  withCdkJsonContext: true, context: { 'aws:cdk:bundling-stacks': [], ...context }, builtinCloudFormationValidation: false, webDist: fixtureDist(), nagChecks: false,
});
/** A template as text with CloudFormation functions flattened, to search for values such as '*'. */
const text = (t: Template) => JSON.stringify(t.toJSON());

let byDefault: BuiltApp;
let withOrigins: BuiltApp;
let withDomain: BuiltApp;
beforeAll(() => {
  byDefault = build();
  withOrigins = build({ siteOrigins: 'https://partner.example.com' });
  withDomain = build({ domainName: 'app.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123' });
});

describe('CloudFront response headers policy', () => {
  const policies = () => Object.values(Template.fromStack(byDefault.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'))
    .map((r) => (r.Properties as Json).ResponseHeadersPolicyConfig as Json);

  it('the site\'s policy has the CSP (what the app connects to) and nosniff', () => {
    const site = policies().find((p) => p.SecurityHeadersConfig?.ContentSecurityPolicy);
    expect(site).toBeDefined();
    const csp = JSON.stringify(site!.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const part of ["default-src 'self'", "script-src 'self'", 'connect-src', 'cognito-idp.', 'maps.geo.', "worker-src 'self' blob:", "frame-ancestors 'none'", "form-action 'self'", 'img-src']) {
      expect(csp).toContain(part);
    }
    expect(csp).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
    expect(site!.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    expect(site!.SecurityHeadersConfig.ContentSecurityPolicy.Override).toBe(true);
  });

  it('every behaviour of the distribution sends one of the platform\'s policies (the API\'s with nosniff)', () => {
    const web = Template.fromStack(byDefault.web);
    const ids = Object.keys(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const config = (Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties as Json).DistributionConfig as Json;
    const behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors] as Json[];
    expect(behaviours.length).toBe(3);
    for (const b of behaviours) expect(ids).toContain(b.ResponseHeadersPolicyId.Ref);
    for (const p of policies()) expect(p.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
  });
});

describe('CORS: the site\'s own origins, never *', () => {
  const WILDCARD_FREE_ORIGIN = /^https:\/\/(\$\{[A-Za-z0-9]+\.DomainName\}|[a-z0-9.-]+)(:\d+)?$/;
  const distributionOf = (b: BuiltApp) => Object.keys(Template.fromStack(b.web).findResources('AWS::CloudFront::Distribution'))[0]!;
  const uploadsCors = (b: BuiltApp) => sdkCalls(Template.fromStack(b.web)).filter((c) => c.action === 'PutBucketCors');

  it('every CORS origin of every bucket and API, in every stack, is one origin: no *, no wildcard domain', () => {
    for (const b of [byDefault, withOrigins, withDomain]) {
      const origins = corsOrigins(b.app);
      expect(origins.length).toBeGreaterThan(0);
      for (const o of origins) {
        expect(o.origin, `${o.stack} ${o.where}`).not.toContain('*');
        expect(o.origin, `${o.stack} ${o.where}`).toMatch(WILDCARD_FREE_ORIGIN);
      }
    }
  });

  it('by default the uploads bucket allows exactly the distribution\'s domain, written by the site\'s stack once it exists', () => {
    const calls = uploadsCors(byDefault);
    expect(calls).toHaveLength(1);
    const data = Template.fromStack(byDefault.data);
    const uploads = Object.entries(data.findResources('AWS::S3::Bucket')).find(([, r]) => (r.Properties as Json).LoggingConfiguration?.LogFilePrefix === 'uploads/')!;
    // The bucket of the call is the data stack's uploads bucket, imported by the site's stack.
    expect(calls[0]!.parameters.Bucket).toMatch(new RegExp(`^\\$\\{import:.*${uploads[0]}`));
    expect(calls[0]!.parameters.CORSConfiguration.CORSRules).toEqual([expect.objectContaining({
      AllowedOrigins: [`https://\${${distributionOf(byDefault)}.DomainName}`],
      AllowedMethods: ['POST', 'PUT', 'GET', 'HEAD'],
      ExposeHeaders: ['ETag'],
    })]);
    // No CORS of its own in the data stack: it cannot know the site's domain.
    for (const b of Object.values(data.findResources('AWS::S3::Bucket'))) expect((b.Properties as Json).CorsConfiguration).toBeUndefined();
    expect(readAppConfig(new App({ context: cdkJsonContext() }).node).siteOrigins).toEqual([]);
  });

  it('the call may change the CORS of that bucket only', () => {
    const web = Template.fromStack(byDefault.web);
    const statements = Object.values(web.findResources('AWS::IAM::Policy'))
      .flatMap((p) => ((p.Properties as Json).PolicyDocument.Statement as Json[]))
      .filter((st) => [st.Action].flat().some((a: string) => /^s3:PutBucketCORS$/i.test(a)));
    expect(statements).toHaveLength(1);
    expect([statements[0]!.Action].flat()).toEqual(['s3:PutBucketCORS']);
    expect([`arn:aws:s3:::${uploadsCors(byDefault)[0]!.parameters.Bucket}`, `arn:\${AWS::Partition}:s3:::${uploadsCors(byDefault)[0]!.parameters.Bucket}`]).toContain(flatten(statements[0]!.Resource));
  });

  it('with a custom domain the bucket allows that domain; configured origins are added, never *', () => {
    expect(uploadsCors(withDomain)[0]!.parameters.CORSConfiguration.CORSRules[0].AllowedOrigins).toEqual(['https://app.example.com']);
    expect(uploadsCors(withOrigins)[0]!.parameters.CORSConfiguration.CORSRules[0].AllowedOrigins)
      .toEqual([`https://\${${distributionOf(withOrigins)}.DomainName}`, 'https://partner.example.com']);
  });

  it('by default no preflight on the API (the site calls it on its own origin) and no * anywhere in it', () => {
    const api = Template.fromStack(byDefault.api);
    expect(Object.values(api.findResources('AWS::ApiGateway::Method')).filter((m) => (m.Properties as Json).HttpMethod === 'OPTIONS')).toEqual([]);
    for (const r of Object.values(api.findResources('AWS::ApiGateway::GatewayResponse'))) {
      const params = (r.Properties as Json).ResponseParameters as Json;
      expect(params['gatewayresponse.header.Access-Control-Allow-Origin']).toBeUndefined();
      expect(params['gatewayresponse.header.x-content-type-options']).toBe("'nosniff'");
    }
    expect(text(api)).not.toContain("'*'");
  });

  it('configured origins are the only ones the preflight and the gateway responses allow', () => {
    const api = Template.fromStack(withOrigins.api);
    const options = Object.values(api.findResources('AWS::ApiGateway::Method')).filter((m) => (m.Properties as Json).HttpMethod === 'OPTIONS');
    expect(options.length).toBeGreaterThan(0);
    expect(JSON.stringify(options)).toContain('https://partner.example.com');
    expect(JSON.stringify(options)).not.toContain("'*'");
    for (const r of Object.values(api.findResources('AWS::ApiGateway::GatewayResponse'))) {
      expect(((r.Properties as Json).ResponseParameters as Json)['gatewayresponse.header.Access-Control-Allow-Origin']).toBe("'https://partner.example.com'");
    }
  });

  it('refuses * (or anything not an origin) in context siteOrigins', () => {
    for (const bad of ['*', 'https://*.example.com', 'partner.example.com', 'https://a.example.com/path']) {
      expect(() => readAppConfig(new App({ context: { siteOrigins: bad } }).node), bad).toThrow(/siteOrigins/);
    }
  });
});
