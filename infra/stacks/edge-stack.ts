import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { AppConfig } from '../constructs/app-config';
import { RateLimitedWebAcl } from '../constructs/waf';

/** CloudFront takes web ACLs (scope CLOUDFRONT) only from this region. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  config: AppConfig;
}

/**
 * What CloudFront needs from us-east-1 whatever the app's region: the site's AWS WAF web ACL. The
 * Web stack reads its ARN (a cross-region reference when the app is deployed elsewhere).
 */
export class EdgeStack extends Stack {
  readonly webAcl: RateLimitedWebAcl;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (this.region !== EDGE_REGION) throw new Error(`The Edge stack must be in ${EDGE_REGION} (CloudFront web ACLs live there); got ${this.region}`);
    const { config } = props;
    this.webAcl = new RateLimitedWebAcl(this, 'SiteWebAcl', {
      scope: 'CLOUDFRONT', name: `${config.prefix}-site`, rateLimit: config.wafRateLimit, logRetention: config.profile.logRetentionDays as RetentionDays,
    });
    new CfnOutput(this, 'SiteWebAclArn', { value: this.webAcl.arn });
  }
}
