import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * A looser limit per connecting address, next to the per-viewer one of a REGIONAL ACL behind
 * CloudFront: CloudFront's edge addresses each carry many viewers, so they must not share the
 * viewer limit, but a caller that skips CloudFront must still be limited.
 */
export const SOURCE_IP_FACTOR = 5;

/** What a blocked client reads: the API's own error shape and translation key. */
const RATE_LIMITED_BODY = JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests; try again in a few minutes.' } });

export interface RateLimitedWebAclProps {
  /** CLOUDFRONT ACLs must be created in us-east-1; REGIONAL ones in the region of what they protect. */
  scope: 'CLOUDFRONT' | 'REGIONAL';
  /** Web ACL name; also the prefix of its CloudWatch metric names. */
  name: string;
  /** Requests per client in any 5 minutes before WAF answers 429 (context `wafRateLimit`). */
  rateLimit: number;
  /**
   * The requests arrive through CloudFront: count each viewer by the first X-Forwarded-For address,
   * and each connecting address (a CloudFront edge, or a direct caller) at SOURCE_IP_FACTOR times
   * the limit.
   */
  forwardedFor?: boolean;
  /** How long the log of blocked and counted requests is kept (the stage profile's retention). */
  logRetention: logs.RetentionDays;
  /**
   * Stricter per-IP limits on some Cognito operations (the `X-Amz-Target` header's action), for an
   * ACL in front of a user pool: sign-in and sign-up are where guessing and floods happen.
   */
  targetRateRules?: { name: string; limit: number; actions: readonly string[] }[];
  /** AWS's common rule set (default on); off for a user pool, whose JSON API is not a web form. */
  commonRules?: boolean;
}

/**
 * Cognito's sign-in and sign-up actions: per IP, at most this many in 5 minutes. A person signs in
 * a few times a day; a household or an office behind one address stays far below, a password or
 * code guesser (or an SMS pump, every phone sign-in texts a code) does not.
 */
export const USER_POOL_SIGN_IN_LIMIT = 100;
export const USER_POOL_SIGN_IN_ACTIONS = [
  'InitiateAuth', 'RespondToAuthChallenge', 'SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'ForgotPassword', 'ConfirmForgotPassword',
] as const;

/** WAF delivers to CloudWatch Logs only into groups with this prefix. */
export const WAF_LOG_GROUP_PREFIX = 'aws-waf-logs-';

/**
 * An AWS WAF web ACL with per-client rate limits and AWS's common rule set (OWASP-style bad
 * inputs: XSS, path traversal, bad bots' missing user agents, local file inclusion). Every rule
 * and the ACL publish CloudWatch metrics (`<name>-<rule>`) and keep sampled requests.
 */
export class RateLimitedWebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;
  /** The rule names, for tests and dashboards. */
  readonly ruleNames: string[];
  /** Blocked and counted requests, `aws-waf-logs-<name>`. */
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: RateLimitedWebAclProps) {
    super(scope, id);
    const visibility = (metric: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${props.name}-${metric}`,
      sampledRequestsEnabled: true,
    });
    const block: wafv2.CfnWebACL.RuleActionProperty = {
      block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited' } },
    };
    const rateRule = (name: string, priority: number, statement: wafv2.CfnWebACL.RateBasedStatementProperty): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: block,
      statement: { rateBasedStatement: statement },
      visibilityConfig: visibility(name),
    });

    const rules: wafv2.CfnWebACL.RuleProperty[] = props.forwardedFor
      ? [
          rateRule('RatePerViewer', 0, {
            limit: props.rateLimit,
            evaluationWindowSec: 300,
            aggregateKeyType: 'FORWARDED_IP',
            // A request without the header is left to RatePerSourceIp.
            forwardedIpConfig: { headerName: 'X-Forwarded-For', fallbackBehavior: 'NO_MATCH' },
          }),
          rateRule('RatePerSourceIp', 1, { limit: props.rateLimit * SOURCE_IP_FACTOR, evaluationWindowSec: 300, aggregateKeyType: 'IP' }),
        ]
      : [rateRule('RatePerIp', 0, { limit: props.rateLimit, evaluationWindowSec: 300, aggregateKeyType: 'IP' })];

    for (const [i, r] of (props.targetRateRules ?? []).entries()) {
      const action = (name: string): wafv2.CfnWebACL.StatementProperty => ({
        byteMatchStatement: {
          fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
          positionalConstraint: 'EXACTLY',
          searchString: `AWSCognitoIdentityProviderService.${name}`,
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      });
      const scope = r.actions.length === 1 ? action(r.actions[0]!) : { orStatement: { statements: r.actions.map(action) } };
      rules.push(rateRule(r.name, 2 + i, { limit: r.limit, evaluationWindowSec: 300, aggregateKeyType: 'IP', scopeDownStatement: scope }));
    }

    if (props.commonRules !== false) rules.push({
      name: 'AwsCommonRules',
      priority: 10,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: 'AWSManagedRulesCommonRuleSet',
          // The set blocks bodies over 8 KB; admins save settings and language packs larger than
          // that. Bodies are size-checked by the contract's schemas, so this rule only counts.
          ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
        },
      },
      visibilityConfig: visibility('AwsCommonRules'),
    });

    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      name: props.name,
      scope: props.scope,
      // WAF descriptions allow letters, digits, spaces and = : # @ / - , . only.
      description: `Per-client rate limit of ${props.rateLimit} requests in 5 minutes${props.targetRateRules?.length ? ', stricter on sign-in' : ''}${props.commonRules === false ? '' : ', and AWS common rules'}`,
      defaultAction: { allow: {} },
      customResponseBodies: { 'rate-limited': { contentType: 'APPLICATION_JSON', content: RATE_LIMITED_BODY } },
      rules,
      visibilityConfig: visibility('all'),
    });
    this.ruleNames = rules.map((r) => r.name);

    // Why a request was refused: blocked and counted requests only (allowed traffic would cost more
    // than it tells), with the ID token redacted.
    this.logGroup = new logs.LogGroup(this, 'Log', {
      logGroupName: `${WAF_LOG_GROUP_PREFIX}${props.name}`,
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.acl.attrArn,
      // WAF wants the group's ARN without the `:*` that the CloudFormation attribute carries.
      logDestinationConfigs: [Stack.of(this).formatArn({
        service: 'logs', resource: 'log-group', resourceName: this.logGroup.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      })],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [{
          Behavior: 'KEEP',
          Requirement: 'MEETS_ANY',
          Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
        }],
      },
    });
    logging.node.addDependency(this.logGroup);
  }

  get arn(): string {
    return this.acl.attrArn;
  }

  /** Associates a REGIONAL ACL with a resource (an API Gateway stage ARN, a Cognito user pool ARN). */
  associate(id: string, resourceArn: string): wafv2.CfnWebACLAssociation {
    return new wafv2.CfnWebACLAssociation(this, id, { resourceArn, webAclArn: this.acl.attrArn });
  }
}
