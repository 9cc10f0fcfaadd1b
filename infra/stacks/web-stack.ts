import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { type AppConfig, fromRepo } from '../constructs/app-config';
import { acknowledge, allowWildcards, managedPolicyFinding } from '../constructs/nag';
import { AccessLogBucket, PrivateBucket } from '../constructs/private-bucket';
import { UploadsCors } from '../constructs/uploads-cors';
import type { RuntimeConfigFile } from '../../shared/src/contract/runtime-config';
import { REST_STAGE } from './api-stack';
import { contentSecurityPolicy } from '../../shared/src/contract/security-headers';

export const WEB_DIST = 'web/dist';

/** What CDK writes: AWS signs in with SRP. */
export type RuntimeConfig = RuntimeConfigFile & { authFlowType: 'USER_SRP_AUTH' };

export interface WebStackProps extends StackProps {
  config: AppConfig;
  restApiId: string;
  wsUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The MapLibre style URL of the Amazon Location map (with its browser key). */
  mapStyleUrl: string;
  /** Where maps open before the browser's location is known (CDK context `mapCenter`, "lat,lng"). */
  mapCenter?: { lat: number; lng: number };
  /** The uploads bucket: its `public/` objects are served at /public/*, and its CORS names this site. */
  uploadsBucketName: string;
  /** The built site; defaults to the repo's web/dist. Tests point it at a fixture. */
  webDist?: string;
  /** The CLOUDFRONT-scope AWS WAF web ACL (made in us-east-1 by the Edge stack). */
  webAclArn: string;
}

/**
 * Client-side routes have no object in the bucket. Rewriting them to /index.html here, on the site
 * behaviour only, replaces the usual distribution-wide 403/404 -> index.html error responses, which
 * would also turn the API's own 403/404 answers under /api/* into a 200 HTML page.
 */
const SPA_REWRITE = `
function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) { request.uri = '/index.html'; }
  return request;
}`;

/**
 * The site: a private bucket behind CloudFront (Origin Access Control), the API under /api/* on the
 * same origin, and the build plus a runtime config.json deployed into the bucket.
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logs = new AccessLogBucket(this, 'AccessLogs');
    const site = new PrivateBucket(this, 'Site', {
      // The build can be redeployed, but keeping the bucket costs nothing and avoids a delete
      // failing on a non-empty bucket.
      removalPolicy: RemovalPolicy.RETAIN,
      accessLogs: { bucket: logs.bucket, prefix: 'site/' },
    }).bucket;

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Client-side routes -> /index.html',
    });

    // The REST stage is named like the path prefix, so /api/<path> reaches stage "api" unchanged
    // (RestApiOrigin would add the stage as an origin path and double it).
    const apiOrigin = new HttpOrigin(`${props.restApiId}.execute-api.${this.region}.${this.urlSuffix}`, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });

    // The site's own domain, when configured: its certificate (us-east-1) lets CloudFront pin TLS 1.2.
    const domain = props.config.domain;
    const { siteHeaders, apiHeaders } = this.responseHeaders(props);
    const certificate = domain && acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn);

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${props.config.prefix} site`,
      webAclId: props.webAclArn,
      ...(domain && certificate
        ? { domainNames: [domain.name], certificate, minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs.bucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: siteHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/public/*': {
          // Imported by name: the read grant is on the bucket's own policy in the data stack.
          origin: S3BucketOrigin.withOriginAccessControl(
            s3.Bucket.fromBucketAttributes(this, 'UploadsRef', { bucketName: props.uploadsBucketName, region: this.region }),
            { originAccessControl: new cloudfront.S3OriginAccessControl(this, 'UploadsOac', { description: 'Reads public uploads' }) },
          ),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: siteHeaders,
        },
        [`/${REST_STAGE}/*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Everything the viewer sent (Authorization, Idempotency-Key, query) except Host, which
          // must be the API's own domain for API Gateway to route the request.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
        },
      },
    });

    if (domain?.hostedZoneId) {
      // The zone may be the domain's parent (app.example.com in example.com): records are named
      // in full, so the zone's name is not needed.
      const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: domain.hostedZoneId, zoneName: domain.name });
      const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(this.distribution));
      new route53.ARecord(this, 'AliasA', { zone, recordName: `${domain.name}.`, target });
      new route53.AaaaRecord(this, 'AliasAaaa', { zone, recordName: `${domain.name}.`, target });
    }
    const siteHost = domain?.name ?? this.distribution.distributionDomainName;
    // The uploads bucket answers scripts of the site's own origins only, named now that they exist.
    new UploadsCors(this, 'UploadsCors', {
      bucketName: props.uploadsBucketName,
      origins: [...new Set([`https://${siteHost}`, ...props.config.siteOrigins])],
    });

    const region = this.region;
    this.runtimeConfig = {
      // Same origin as the page: no CORS preflight on every authenticated call.
      apiUrl: `https://${siteHost}/${REST_STAGE}`,
      wsUrl: props.wsUrl,
      region,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      cognitoEndpoint: `https://cognito-idp.${region}.${this.urlSuffix}/`,
      authFlowType: 'USER_SRP_AUTH',
      mapStyle: props.mapStyleUrl,
      ...(props.mapCenter ? { mapCenter: props.mapCenter } : {}),
      ...(props.config.authDomainPrefix ? { oauthDomain: `${props.config.authDomainPrefix}.auth.${region}.amazoncognito.com` } : {}),
      // The Auth stack adds the Apple provider exactly when this is set (it needs the hosted domain).
      ...(props.config.apple && props.config.authDomainPrefix ? { appleSignIn: true } : {}),
    };
    this.deploySite(site, props.webDist ?? fromRepo(WEB_DIST));

    acknowledge(this.distribution, { id: 'AwsSolutions-CFR1', reason: 'Riders and drivers may be anywhere the operator runs; no country is excluded by the spec.' });
    if (!domain) {
      acknowledge(this.distribution, {
        id: 'AwsSolutions-CFR4',
        reason: 'Without context domainName/certificateArn the site uses the default *.cloudfront.net certificate, which cannot pin a minimum TLS version; with them the distribution requires TLSv1.2_2021.',
      });
    }

    new CfnOutput(this, 'SiteUrl', { value: `https://${siteHost}` });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'SiteBucketName', { value: site.bucketName });
  }

  /**
   * The site's response headers, from the same definition the local gateway serves
   * (shared/src/contract/security-headers.ts): the Content-Security-Policy built from what the app
   * connects to (config.json's API, WebSocket and Cognito; the uploads bucket; Amazon Location's
   * maps), nosniff, no framing, HSTS. The API behaviour gets nosniff (its handlers send it too).
   */
  private responseHeaders(props: WebStackProps) {
    const region = this.region;
    const suffix = this.urlSuffix;
    const csp = contentSecurityPolicy({
      // The API is under the site itself (/api/*): 'self'. The distribution's own domain cannot be
      // named here (the distribution refers to this policy).
      api: "'self'",
      ws: props.wsUrl,
      cognito: [`https://cognito-idp.${region}.${suffix}`, ...(props.config.authDomainPrefix ? [`https://${props.config.authDomainPrefix}.auth.${region}.amazoncognito.com`] : [])],
      uploads: [`https://${props.uploadsBucketName}.s3.${region}.${suffix}`],
      maps: [`https://maps.geo.${region}.${suffix}`],
      formActions: [],
    }, (v) => v);
    const hsts = { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true };
    const siteHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SiteHeaders', {
      comment: `${props.config.prefix} site: CSP and security headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: hsts,
      },
    });
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: `${props.config.prefix} API: security headers`,
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: hsts,
      },
    });
    return { siteHeaders, apiHeaders };
  }

  /**
   * Hashed build assets are immutable and long-cached; index.html and config.json must revalidate
   * so a deploy shows up at once. Old assets are kept (prune off) so pages already open can still
   * load their chunks.
   */
  private deploySite(site: PrivateBucket['bucket'], dist: string): void {
    const entrySources: s3deploy.ISource[] = [s3deploy.Source.jsonData('config.json', this.runtimeConfig)];
    let assets: s3deploy.BucketDeployment | undefined;

    if (existsSync(dist)) {
      if (existsSync(path.join(dist, 'assets'))) {
        assets = new s3deploy.BucketDeployment(this, 'SiteAssets', {
          sources: [s3deploy.Source.asset(path.join(dist, 'assets'))],
          destinationBucket: site,
          destinationKeyPrefix: 'assets/',
          prune: false,
          memoryLimit: 512,
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        });
      }
      entrySources.unshift(s3deploy.Source.asset(dist, { exclude: ['assets', 'config.json'] }));
    } else {
      Annotations.of(this).addWarningV2(
        'ride-platform:web-dist-missing',
        `${path.relative(process.cwd(), dist) || dist} does not exist at synth time: only config.json is deployed. Run "npm run build:web" before "cdk deploy" to ship the site.`,
      );
    }

    const entry = new s3deploy.BucketDeployment(this, 'SiteEntry', {
      sources: entrySources,
      destinationBucket: site,
      prune: false,
      memoryLimit: 512,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // index.html must never reference chunks that are not uploaded yet.
    if (assets) entry.node.addDependency(assets);

    // The deployment handler is a CDK-provided singleton Lambda at stack level.
    for (const child of this.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      acknowledge(
        child,
        {
          id: managedPolicyFinding('service-role/AWSLambdaBasicExecutionRole'),
          reason: 'CDK-provided BucketDeployment handler; its role is created by aws-s3-deployment with the basic execution policy.',
        },
        { id: 'AwsSolutions-L1', reason: 'The BucketDeployment handler runtime is chosen by aws-cdk-lib and upgraded with it.' },
      );
      allowWildcards(
        child,
        {
          finding: /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/,
          reason: 'aws-s3-deployment grants the object-level action families it needs to copy and replace the build.',
        },
        {
          finding: /^Resource::\*$/,
          reason: 'CloudFront invalidation after a deploy (cloudfront:CreateInvalidation/GetInvalidation), as granted by aws-s3-deployment.',
        },
        {
          finding: /^Resource::.*\/\*$/,
          reason: 'Objects of the CDK asset bucket (the source zip) and of the site bucket (the destination), whose keys are the build\'s files.',
        },
      );
    }
  }
}
