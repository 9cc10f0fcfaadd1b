import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { NodeFunction, observability } from '../constructs/node-function';
import { LOCAL_STAND_INS } from './api-stack';
import { ROLES, type Role } from '../../shared/src/contract/route';
import type { AppConfig } from '../constructs/app-config';
import { Alarms } from '../constructs/monitoring';
import { acknowledge, allowWildcards } from '../constructs/nag';
import { RateLimitedWebAcl, USER_POOL_SIGN_IN_ACTIONS, USER_POOL_SIGN_IN_LIMIT } from '../constructs/waf';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';

export interface AuthStackProps extends StackProps {
  config: AppConfig;
  /** The create-challenge trigger reads the settings (app name, MobileLoginEnabled). */
  table: dynamodb.ITable;
  /** The triggers' alarms notify this topic; without it they have none. */
  alarmTopic?: sns.ITopic;
}

/** Phone OTP sign-in (spec §4, §5 Login) as Cognito custom auth. */
export const AUTH_TRIGGER_ENTRIES = {
  define: 'lambdas/src/triggers/define-auth-challenge.ts',
  create: 'lambdas/src/triggers/create-auth-challenge.ts',
  verify: 'lambdas/src/triggers/verify-auth-challenge.ts',
  postConfirmation: 'lambdas/src/triggers/post-confirmation.ts',
} as const;

/** Lower precedence wins when a user is in several groups (cognito:preferred_role). */
const GROUP_PRECEDENCE: Record<Role, number> = { admin: 0, fleetadmin: 1, driver: 2, rider: 3 };

/**
 * Identity: one user pool whose groups are the roles. Nobody signs up directly against Cognito:
 * `userSignup` creates the user, its group and its profile in one server-side step.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** The triggers' errors and throttles alarms, when an alarm topic is given. */
  readonly alarms?: Alarms;
  /** The user pool's web ACL (rate limits, stricter on sign-in and sign-up). */
  readonly webAcl: RateLimitedWebAcl;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${config.prefix}-users`,
      selfSignUpEnabled: false,
      // Email is the sign-in name; phone is an alias so that phone-OTP custom auth can start from a
      // phone number. Sign-in aliases cannot change after creation, hence both now.
      signInAliases: { email: true, phone: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        phoneNumber: { required: false, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      // The spec's "alphanumeric" rule (6 to 30 of letters, digits, @ * #) is checked by the API;
      // Cognito must not be stricter or valid spec passwords would be refused.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      mfa: cognito.Mfa.OFF,
      // Cognito sends no SMS itself: phone OTP goes through our custom-auth triggers, which publish
      // via SNS with their own narrow grant. Without this CDK adds an sns:Publish-on-* role.
      enableSmsRole: false,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Threat protection where the stage profile pays for it (production): Cognito blocks risky
      // password sign-ins and compromised credentials on top of its lockout after wrong passwords.
      featurePlan: config.profile.threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      ...(config.profile.threatProtection ? { standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION } : {}),
      // Production keeps its users: deletion protection, and RETAIN if the stack goes. Development
      // stages let the pool go with the stack.
      deletionProtection: config.profile.deletionProtection,
      removalPolicy: config.profile.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.alarms = this.addCustomAuthTriggers(props);

    for (const role of ROLES) {
      new cognito.CfnUserPoolGroup(this, `Group-${role}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: role,
        description: `Members have the ${role} role`,
        precedence: GROUP_PRECEDENCE[role],
      });
    }

    const providers = this.identityProviders(config);
    const federated = providers.length > 0;
    if (federated) {
      if (!config.authDomainPrefix) {
        throw new Error('Facebook/Apple sign-in needs a Cognito hosted domain: set context authDomainPrefix');
      }
      this.userPool.addDomain('Domain', { cognitoDomain: { domainPrefix: config.authDomainPrefix } });
    }

    // Roles are groups, never attributes; the client may change only display names. Federated
    // sign-in additionally needs email writable, because Cognito writes mapped attributes as the user.
    const writeAttributes = new cognito.ClientAttributes().withStandardAttributes({
      givenName: true,
      familyName: true,
      email: federated,
    });
    const readAttributes = new cognito.ClientAttributes().withStandardAttributes({
      email: true,
      emailVerified: true,
      phoneNumber: true,
      phoneNumberVerified: true,
      givenName: true,
      familyName: true,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${config.prefix}-web`,
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true, custom: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes,
      writeAttributes,
      supportedIdentityProviders: [
        cognito.UserPoolClientIdentityProvider.COGNITO,
        ...providers.map((p) => p.kind),
      ],
      ...(federated
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
              callbackUrls: config.oauthCallbackUrls,
              logoutUrls: config.oauthCallbackUrls,
            },
          }
        : { disableOAuth: true }),
    });
    for (const p of providers) this.userPoolClient.node.addDependency(p.idp);

    acknowledge(
      this.userPool,
      {
        id: 'AwsSolutions-COG1',
        reason: 'Product spec: passwords follow the alphanumeric rule (6-30 of letters, digits, @ * #), enforced by the API; a stricter Cognito policy would reject valid spec passwords.',
      },
      { id: 'AwsSolutions-COG2', reason: 'The spec has no MFA; phone OTP is a sign-in method (custom auth), not a second factor.' },
    );
    if (!config.profile.threatProtection) {
      acknowledge(this.userPool, {
        id: 'AwsSolutions-COG8',
        reason: 'Development stages use the Essentials plan: threat protection (Plus) is a per-MAU cost; production turns it on (stage profile), and every stage has the pool\'s web ACL and Cognito\'s password lockout.',
      });
    }

    // AWS WAF in front of the pool's public API: a per-IP limit on everything, and a stricter one on
    // sign-in and sign-up actions (password and code guessing, SMS pumping through phone sign-in).
    this.webAcl = new RateLimitedWebAcl(this, 'UserPoolWebAcl', {
      scope: 'REGIONAL', name: `${config.prefix}-users`, rateLimit: config.wafRateLimit,
      logRetention: config.profile.logRetentionDays as RetentionDays,
      commonRules: false,
      targetRateRules: [{ name: 'SignInRatePerIp', limit: USER_POOL_SIGN_IN_LIMIT, actions: USER_POOL_SIGN_IN_ACTIONS }],
    });
    this.webAcl.associate('UserPoolWebAclAssociation', this.userPool.userPoolArn);

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'CognitoEndpoint', { value: `https://cognito-idp.${this.region}.${this.urlSuffix}/` });
  }

  private addCustomAuthTriggers({ config, table, alarmTopic }: AuthStackProps): Alarms | undefined {
    // The pool id is not passed: a trigger referencing its own pool would be a circular dependency,
    // and none of these triggers needs it.
    // With local stand-ins (the local cloud's deployed mode), the sign-in code goes to the table's
    // SMS outbox, as every other function's texts do there.
    const environment = { TABLE_NAME: table.tableName, ...(config.localStandIns ? LOCAL_STAND_INS : {}) };
    const make = (id: string, entry: string, description: string) =>
      new NodeFunction(this, id, { entry, description, environment, observability: observability(config) });
    const define = make('DefineAuthChallenge', AUTH_TRIGGER_ENTRIES.define, 'Custom auth: decides the next OTP step');
    const create = make('CreateAuthChallenge', AUTH_TRIGGER_ENTRIES.create, 'Custom auth: makes and texts the sign-in code');
    const verify = make('VerifyAuthChallenge', AUTH_TRIGGER_ENTRIES.verify, 'Custom auth: checks the sign-in code');

    create.fn.addToRolePolicy(new iam.PolicyStatement({
      actions: ['dynamodb:GetItem'], resources: [table.tableArn],
      conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['SETTINGS'] } },
    }));
    // Guessing limits per phone number: codes texted (create) and wrong codes (create reads, verify counts).
    for (const f of [create, verify]) {
      f.fn.addToRolePolicy(new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ATTEMPTS#otp*'] } },
      }));
    }
    // SMS to a phone number has no resource ARN: sns:Publish must name "*"; a deny on topics keeps
    // the grant to direct SMS only.
    if (config.localStandIns) {
      create.fn.addToRolePolicy(new iam.PolicyStatement({
        actions: ['dynamodb:PutItem'], resources: [table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['OUTBOX'] } },
      }));
    }
    create.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
    create.fn.addToRolePolicy(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: ['arn:aws:sns:*:*:*'] }));
    allowWildcards(create.role, {
      finding: /^Resource::\*$/,
      reason: 'Direct SMS publishing (PhoneNumber) has no resource-level permission, so sns:Publish needs "*"; publishing to any topic is explicitly denied.',
    });

    // First Facebook/Apple sign-in: profile (table) and the rider group (Cognito admin on this pool).
    // A confirmed password reset: the profile's tokensValidAfter (UpdateItem) and the user's
    // refresh tokens revoked (AdminUserGlobalSignOut).
    const postConfirmation = make('PostConfirmation', AUTH_TRIGGER_ENTRIES.postConfirmation, 'Social sign-up profile and group; a password reset ends sessions');
    postConfirmation.fn.addToRolePolicy(new iam.PolicyStatement({
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'], resources: [table.tableArn],
    }));
    postConfirmation.fn.addToRolePolicy(new iam.PolicyStatement({
      actions: ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminUserGlobalSignOut'],
      resources: [`arn:${this.partition}:cognito-idp:${this.region}:${this.account}:userpool/*`],
    }));
    allowWildcards(postConfirmation.role, {
      finding: /userpool\/\*/,
      reason: 'A trigger cannot name its own pool (circular reference); the grant is two actions (add to group, global sign-out) on this account\'s pools in this region.',
    });
    this.userPool.addTrigger(cognito.UserPoolOperation.POST_CONFIRMATION, postConfirmation.fn);

    for (const f of [define, create, verify, postConfirmation]) {
      acknowledge(f.fn, { id: 'AwsSolutions-L1', reason: 'Node.js 22 is the project\'s pinned Lambda runtime (see the API stack).' });
    }
    this.userPool.addTrigger(cognito.UserPoolOperation.DEFINE_AUTH_CHALLENGE, define.fn);
    this.userPool.addTrigger(cognito.UserPoolOperation.CREATE_AUTH_CHALLENGE, create.fn);
    this.userPool.addTrigger(cognito.UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE, verify.fn);

    if (!alarmTopic) return undefined;
    // A failing trigger fails the sign-in it runs in.
    const alarms = new Alarms(this, 'Alarms', { prefix: config.prefix, topic: alarmTopic });
    alarms.functions('auth-triggers', [
      { label: 'define-auth-challenge', fn: define.fn },
      { label: 'create-auth-challenge', fn: create.fn },
      { label: 'verify-auth-challenge', fn: verify.fn },
      { label: 'post-confirmation', fn: postConfirmation.fn },
    ]);
    return alarms;
  }

  /** Federated providers exist only when their ids are given in context. */
  private identityProviders(config: AppConfig) {
    const out: { kind: cognito.UserPoolClientIdentityProvider; idp: cognito.IUserPoolIdentityProvider }[] = [];
    if (config.facebook) {
      out.push({
        kind: cognito.UserPoolClientIdentityProvider.FACEBOOK,
        idp: new cognito.UserPoolIdentityProviderFacebook(this, 'Facebook', {
          userPool: this.userPool,
          clientId: config.facebook.appId,
          // A dynamic reference ({{resolve:secretsmanager:...}}): CloudFormation reads the secret at
          // deploy time; the template holds only its name. The L2 takes a string here.
          clientSecret: SecretValue.secretsManager(config.facebook.appSecretArn).unsafeUnwrap(),
          scopes: ['public_profile', 'email'],
          attributeMapping: {
            email: cognito.ProviderAttribute.FACEBOOK_EMAIL,
            givenName: cognito.ProviderAttribute.FACEBOOK_FIRST_NAME,
            familyName: cognito.ProviderAttribute.FACEBOOK_LAST_NAME,
          },
        }),
      });
    }
    if (config.apple) {
      out.push({
        kind: cognito.UserPoolClientIdentityProvider.APPLE,
        idp: new cognito.UserPoolIdentityProviderApple(this, 'Apple', {
          userPool: this.userPool,
          clientId: config.apple.servicesId,
          teamId: config.apple.teamId,
          keyId: config.apple.keyId,
          privateKeyValue: SecretValue.secretsManager(config.apple.privateKeySecretArn),
          scopes: ['name', 'email'],
          attributeMapping: {
            email: cognito.ProviderAttribute.APPLE_EMAIL,
            givenName: cognito.ProviderAttribute.APPLE_FIRST_NAME,
            familyName: cognito.ProviderAttribute.APPLE_LAST_NAME,
          },
        }),
      });
    }
    return out;
  }
}
