import { type LocalResources, resolveIntrinsics, type Template, type TemplateScope } from './intrinsics';

/** A function's execution role as the synthesized app declares it, its policies resolved to the local resources. */
export interface ExecutionRole {
  /** The role's logical id (its name, in the principal's ARN). */
  name: string;
  /** Its identity policies: each `AWS::IAM::Policy` and customer-managed policy attached to it, its inline and its AWS-managed ones. */
  policies: { name: string; policy: unknown }[];
}

/**
 * The AWS-managed policies the functions' roles attach, as AWS documents them (the managed policy
 * reference). An unknown one stops the start, naming it: its grants cannot be guessed.
 */
const AWS_MANAGED: Record<string, unknown> = {
  'service-role/AWSLambdaBasicExecutionRole': {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'], Resource: '*' }],
  },
  'service-role/AWSLambdaVPCAccessExecutionRole': {
    Version: '2012-10-17',
    Statement: [{
      Effect: 'Allow', Resource: '*',
      Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents', 'ec2:CreateNetworkInterface', 'ec2:DescribeNetworkInterfaces',
        'ec2:DescribeSubnets', 'ec2:DeleteNetworkInterface', 'ec2:AssignPrivateIpAddresses', 'ec2:UnassignPrivateIpAddresses'],
    }],
  },
  AWSXRayDaemonWriteAccess: {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Resource: '*', Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'xray:GetSamplingRules', 'xray:GetSamplingTargets', 'xray:GetSamplingStatisticSummaries'] }],
  },
};

export interface StackOfApp { template: Template }

/**
 * Reads the execution roles of an app's functions: a function's `Role` (`Fn::GetAtt [role, Arn]`),
 * the policies whose `Roles` name it (from any stack: a nested stack's policy may attach to its
 * parent's role through a parameter), its inline `Policies` and its `ManagedPolicyArns`.
 */
export function executionRoles(stacks: Record<string, StackOfApp>, scopeOf: (stack: string) => TemplateScope, locals: LocalResources) {
  // Each role's attached policies and the customer-managed policies by ARN, found once; a document
  // is resolved when a function's role has it (other roles may use what is not evaluated locally).
  type Lazy = { name: string; policy: () => unknown };
  const attached = new Map<string, Lazy[]>();
  const managed = new Map<string, Lazy>();
  for (const [key, { template }] of Object.entries(stacks)) {
    for (const [id, resource] of Object.entries(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::IAM::Policy' && resource.Type !== 'AWS::IAM::ManagedPolicy') continue;
      const scope = scopeOf(key);
      const props = resource.Properties ?? {};
      let document: unknown;
      const policy = { name: String(props.PolicyName ?? props.ManagedPolicyName ?? id), policy: () => (document ??= resolveIntrinsics(props.PolicyDocument, scope, locals)) };
      if (resource.Type === 'AWS::IAM::ManagedPolicy') managed.set(String(resolveIntrinsics({ Ref: id }, scope, locals)), policy);
      for (const role of (resolveIntrinsics(props.Roles ?? [], scope, locals) as unknown[])) {
        attached.set(String(role), [...(attached.get(String(role)) ?? []), policy]);
      }
    }
  }
  return (stack: string, functionId: string): ExecutionRole => {
    const { template } = stacks[stack]!;
    const scope = scopeOf(stack);
    const roleArn = template.Resources![functionId]!.Properties!.Role as { 'Fn::GetAtt'?: [string, string] };
    const roleId = roleArn['Fn::GetAtt']?.[0];
    const role = roleId ? template.Resources?.[roleId] : undefined;
    if (!roleId || role?.Type !== 'AWS::IAM::Role') throw new Error(`${scope.name}: the role of ${functionId} is not a role of its stack`);
    const props = resolveIntrinsics({ Policies: role.Properties?.Policies ?? [], ManagedPolicyArns: role.Properties?.ManagedPolicyArns ?? [] }, scope, locals) as {
      Policies: { PolicyName: string; PolicyDocument: unknown }[]; ManagedPolicyArns: string[];
    };
    const ref = String(resolveIntrinsics({ Ref: roleId }, scope, locals));
    const policies = [
      ...(attached.get(ref) ?? []).map((p) => ({ name: p.name, policy: p.policy() })),
      ...props.Policies.map((p) => ({ name: p.PolicyName, policy: p.PolicyDocument })),
      ...props.ManagedPolicyArns.map((arn) => {
        const own = managed.get(arn);
        if (own) return { name: own.name, policy: own.policy() };
        const awsManaged = /^arn:aws[\w-]*:iam::aws:policy\/(.+)$/.exec(arn)?.[1];
        const policy = awsManaged ? AWS_MANAGED[awsManaged] : undefined;
        if (!policy) throw new Error(`${scope.name}: ${functionId}'s role attaches ${arn}, whose grants the local cloud does not know`);
        return { name: awsManaged!, policy };
      }),
    ];
    return { name: roleId, policies };
  };
}
