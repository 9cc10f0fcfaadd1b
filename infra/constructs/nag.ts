import { CfnResource, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 runs as a CDK policy-validation plugin (not an Aspect): after synthesis it checks every
 * template and fails `cdk synth` on an unacknowledged error. Acknowledgements are CDK's own
 * `Validations.of(x).acknowledge`, recorded on the construct and inherited by its children.
 */
export function addNagChecks(app: App): AwsSolutionsChecks {
  const pack = new AwsSolutionsChecks(app, { verbose: true });
  Validations.of(app).addPlugins(pack);
  return pack;
}

export interface Finding {
  /** Rule id, optionally with a finding: `AwsSolutions-IAM4[Policy::...]`. */
  id: string;
  reason: string;
}

/** Acknowledge findings on a construct and everything below it, each with its written reason. */
export function acknowledge(scope: IConstruct, ...findings: Finding[]): void {
  for (const f of findings) Validations.of(scope).acknowledge({ id: f.id, reason: f.reason });
}

/** The AWS-managed policy finding id of AwsSolutions-IAM4, as cdk-nag spells it. */
export const managedPolicyFinding = (name: string): string =>
  `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${name}]`;

export interface WildcardAllowance {
  /** Matched against the IAM5 finding text, e.g. `Resource::arn:...:execute-api:...@connections/*`. */
  finding: RegExp;
  reason: string;
}

/**
 * IAM5 findings embed logical ids and cross-stack imports that only exist after CDK has resolved
 * references, and cdk-nag 3 has no prefix acknowledgement. So the wildcards we accept are stated as
 * patterns, and matched here after references are resolved (construct validation runs after
 * `prepare` and before the policy plugins). A wildcard that matches no pattern still fails synth.
 */
export function allowWildcards(scope: IConstruct, ...allowances: WildcardAllowance[]): void {
  scope.node.addValidation({
    validate: () => {
      for (const node of scope.node.findAll()) {
        if (!CfnResource.isCfnResource(node)) continue;
        const result = rules.iam.IAMNoWildcardPermissions(node);
        if (!Array.isArray(result)) continue;
        for (const finding of result) {
          const allowed = allowances.find((a) => a.finding.test(finding));
          if (allowed) acknowledge(node, { id: `AwsSolutions-IAM5[${finding}]`, reason: allowed.reason });
        }
      }
      return [];
    },
  });
}
