import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, cdkJsonContext, type BuiltApp } from '../../infra/bin/build-app';
import { readAppConfig } from '../../infra/constructs/app-config';
import { fixtureDist } from './support/fixture-dist';

type Json = Record<string, any>;

/**
 * The deployed headers come from the same definition as the local gateway's
 * (shared/src/contract/security-headers.ts): the site's CSP and nosniff in CloudFront's response
 * headers policy; CORS for the site's own origins only, never '*'.
 */
const build = (context: Record<string, unknown> = {}) => buildApp({
  withCdkJsonContext: true, context: { 'aws:cdk:bundling-stacks': [], ...context }, builtinCloudFormationValidation: false, webDist: fixtureDist(), nagChecks: false,
});
/** A template as text with CloudFormation functions flattened, to search for values such as '*'. */
const text = (t: Template) => JSON.stringify(t.toJSON());

let byDefault: BuiltApp;
let withOrigins: BuiltApp;
beforeAll(() => {
  byDefault = build();
  withOrigins = build({ siteOrigins: 'https://partner.example.com' });
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
  it('by default no stack allows every origin: no preflight on the API (the site calls it on its own origin) and no * anywhere', () => {
    const api = Template.fromStack(byDefault.api);
    expect(Object.values(api.findResources('AWS::ApiGateway::Method')).filter((m) => (m.Properties as Json).HttpMethod === 'OPTIONS')).toEqual([]);
    for (const r of Object.values(api.findResources('AWS::ApiGateway::GatewayResponse'))) {
      const params = (r.Properties as Json).ResponseParameters as Json;
      expect(params['gatewayresponse.header.Access-Control-Allow-Origin']).toBeUndefined();
      expect(params['gatewayresponse.header.x-content-type-options']).toBe("'nosniff'");
    }
    expect(text(api)).not.toContain("'*'");
    const bucket = Object.values(Template.fromStack(byDefault.data).findResources('AWS::S3::Bucket'))
      .map((b) => (b.Properties as Json).CorsConfiguration).find(Boolean) as Json;
    expect(bucket.CorsRules[0].AllowedOrigins).toEqual(['https://*.cloudfront.net']);
    expect(readAppConfig(new App({ context: cdkJsonContext() }).node).siteOrigins).toEqual([]);
  });

  it('configured origins are the only ones the preflight, the gateway responses and the bucket allow', () => {
    const api = Template.fromStack(withOrigins.api);
    const options = Object.values(api.findResources('AWS::ApiGateway::Method')).filter((m) => (m.Properties as Json).HttpMethod === 'OPTIONS');
    expect(options.length).toBeGreaterThan(0);
    expect(JSON.stringify(options)).toContain('https://partner.example.com');
    expect(JSON.stringify(options)).not.toContain("'*'");
    for (const r of Object.values(api.findResources('AWS::ApiGateway::GatewayResponse'))) {
      expect(((r.Properties as Json).ResponseParameters as Json)['gatewayresponse.header.Access-Control-Allow-Origin']).toBe("'https://partner.example.com'");
    }
    const bucket = Object.values(Template.fromStack(withOrigins.data).findResources('AWS::S3::Bucket'))
      .map((b) => (b.Properties as Json).CorsConfiguration).find(Boolean) as Json;
    expect(bucket.CorsRules[0].AllowedOrigins).toEqual(['https://partner.example.com']);
  });

  it('refuses * (or anything not an origin) in context siteOrigins', () => {
    for (const bad of ['*', 'https://*.example.com', 'partner.example.com', 'https://a.example.com/path']) {
      expect(() => readAppConfig(new App({ context: { siteOrigins: bad } }).node), bad).toThrow(/siteOrigins/);
    }
  });
});
