/**
 * CloudFormation's intrinsic functions, evaluated against the local cloud's resources instead of a
 * deployment's: what a function's `Environment.Variables` would hold once CloudFormation has
 * resolved them, with every resource the local cloud stands in for given its local name.
 */

type Json = unknown;
export type Template = { Resources?: Record<string, { Type: string; Properties?: Record<string, Json> }>; Parameters?: Record<string, { Default?: Json }>; Outputs?: Record<string, { Value: Json; Export?: { Name: Json } }> };

/** Where a value is resolved: its template, what its parent passes to its parameters, and the app's exports. */
export interface TemplateScope {
  /** For error messages: the stack's name. */
  name: string;
  template: Template;
  /** A nested stack's parameter, as its parent passes it (resolved in the parent's scope). */
  parameter?: (name: string) => Json;
  /** The value of an export (`Fn::ImportValue`), resolved in the exporting stack's scope. */
  importValue: (name: string) => Json;
}

/** The local stand-ins: a resource's Ref and attributes by type, where the local cloud has one. */
export interface LocalResources {
  region: string;
  accountId: string;
  ref?(type: string, logicalId: string): string | undefined;
  attribute?(type: string, logicalId: string, attribute: string): string | undefined;
}

/** Types whose Ref is their ARN rather than a name. */
const REF_IS_ARN = new Set(['AWS::SecretsManager::Secret', 'AWS::SNS::Topic', 'AWS::Lambda::LayerVersion', 'AWS::IAM::ManagedPolicy']);

/** Resolves every intrinsic in `value`; throws naming the stack and the intrinsic it cannot evaluate. */
export function resolveIntrinsics(value: Json, scope: TemplateScope, locals: LocalResources): Json {
  const recur = (v: Json): Json => resolveIntrinsics(v, scope, locals);
  if (Array.isArray(value)) return value.map(recur);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, Json>);
  if (entries.length !== 1 || !(entries[0]![0] === 'Ref' || entries[0]![0].startsWith('Fn::'))) {
    return Object.fromEntries(entries.map(([k, v]) => [k, recur(v)]));
  }
  const [fn, arg] = entries[0]!;
  switch (fn) {
    case 'Ref': return ref(String(arg), scope, locals);
    case 'Fn::GetAtt': {
      const [id, attr] = Array.isArray(arg) ? (arg as string[]) : String(arg).split(/\.(.+)/);
      return getAtt(id!, attr!, scope, locals);
    }
    case 'Fn::Join': {
      const [sep, parts] = arg as [string, Json];
      return (recur(parts) as Json[]).map(String).join(sep);
    }
    case 'Fn::Select': {
      const [index, list] = arg as [Json, Json];
      return (recur(list) as Json[])[Number(recur(index))];
    }
    case 'Fn::Split': {
      const [sep, text] = arg as [string, Json];
      return String(recur(text)).split(sep);
    }
    case 'Fn::ImportValue': return scope.importValue(String(recur(arg)));
    case 'Fn::Sub': {
      const [text, vars] = typeof arg === 'string' ? [arg, {}] : (arg as [string, Record<string, Json>]);
      const resolvedVars = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, recur(v)]));
      return text.replace(/\$\{(!?)([^}]+)\}/g, (_m, bang: string, name: string) => {
        if (bang) return `\${${name}}`;
        if (name in resolvedVars) return String(resolvedVars[name]);
        const [id, attr] = name.split(/\.(.+)/);
        return String(attr ? getAtt(id!, attr, scope, locals) : ref(id!, scope, locals));
      });
    }
    default: throw new Error(`${scope.name}: ${fn} is not evaluated locally`);
  }
}

function ref(name: string, scope: TemplateScope, locals: LocalResources): Json {
  switch (name) {
    case 'AWS::Region': return locals.region;
    case 'AWS::AccountId': return locals.accountId;
    case 'AWS::Partition': return 'aws';
    case 'AWS::URLSuffix': return 'amazonaws.com';
    case 'AWS::StackName': return scope.name;
    case 'AWS::NoValue': return undefined;
  }
  const parameter = scope.template.Parameters?.[name];
  if (parameter) {
    const passed = scope.parameter?.(name);
    if (passed !== undefined) return passed;
    if (parameter.Default !== undefined) return parameter.Default;
    throw new Error(`${scope.name}: parameter ${name} has no value`);
  }
  const resource = scope.template.Resources?.[name];
  if (!resource) throw new Error(`${scope.name}: Ref to unknown ${name}`);
  return locals.ref?.(resource.Type, name) ?? (REF_IS_ARN.has(resource.Type) ? arnOf(resource.Type, name, locals) : name);
}

function getAtt(id: string, attr: string, scope: TemplateScope, locals: LocalResources): Json {
  const resource = scope.template.Resources?.[id];
  if (!resource) throw new Error(`${scope.name}: Fn::GetAtt of unknown ${id}`);
  return locals.attribute?.(resource.Type, id, attr) ?? (attr === 'Arn' ? arnOf(resource.Type, id, locals) : `${id}.${attr}`);
}

/**
 * Where a type's ARN differs from `arn:aws:<service>:<region>:<account>:<name>`: its resource part,
 * or the whole ARN for a global service (the service authorization reference's ARN formats, which
 * the IAM evaluator checks a resource against).
 */
const ARN_SHAPES: Record<string, (id: string, l: LocalResources) => string> = {
  'AWS::SecretsManager::Secret': (id) => `secret:${id}`,
  'AWS::IAM::Role': (id, l) => `arn:aws:iam::${l.accountId}:role/${id}`,
  'AWS::IAM::ManagedPolicy': (id, l) => `arn:aws:iam::${l.accountId}:policy/${id}`,
  'AWS::Lambda::Function': (id) => `function:${id}`,
  'AWS::Lambda::LayerVersion': (id) => `layer:${id}:1`,
  'AWS::Location::PlaceIndex': (id) => `place-index/${id}`,
  'AWS::Location::RouteCalculator': (id) => `route-calculator/${id}`,
  'AWS::Location::Map': (id) => `map/${id}`,
  'AWS::Scheduler::ScheduleGroup': (id) => `schedule-group/${id}`,
  'AWS::KMS::Key': (id) => `key/${id}`,
  'AWS::Logs::LogGroup': (id) => `log-group:${id}:*`,
};

/** A stand-in ARN for a resource the local cloud has no counterpart of: well formed, naming it. */
function arnOf(type: string, id: string, locals: LocalResources): string {
  const service = type.split('::')[1]!.toLowerCase();
  const shape = ARN_SHAPES[type]?.(id, locals) ?? id;
  return shape.startsWith('arn:') ? shape : `arn:aws:${service}:${locals.region}:${locals.accountId}:${shape}`;
}
