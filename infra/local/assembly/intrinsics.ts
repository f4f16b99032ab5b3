/**
 * CloudFormation's intrinsic functions, evaluated against the local resources: what a deploy would put in
 * a function's environment, a role's policy or a distribution's header, with every `Ref` and `Fn::GetAtt`
 * naming this machine's table, bus, secret or user pool instead of the cloud's. The scope says what a name
 * refers to (local-resources.ts); this file knows only the functions.
 */

export interface IntrinsicScope {
  /** `Ref`: a parameter, a pseudo parameter (AWS::Region …) or a resource of this template. */
  ref(name: string): unknown;
  /** `Fn::GetAtt`: an attribute of a resource of this template (`Outputs.X` of a nested stack). */
  getAtt(logicalId: string, attribute: string): unknown;
  /** `Fn::ImportValue`: another stack's export. */
  importValue(name: string): unknown;
  /** A condition of this template, evaluated. */
  condition(name: string): boolean;
  /** `Fn::FindInMap`. */
  findInMap(map: string, topKey: string, secondKey: string): unknown;
}

/** `Ref: AWS::NoValue`: the property (or list element) is removed, as CloudFormation does. */
export const NO_VALUE = Symbol('AWS::NoValue');

/** An intrinsic this resolver does not evaluate: the caller says so rather than passing a wrong value. */
export class UnresolvableIntrinsic extends Error {}

function asString(value: unknown, what: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new UnresolvableIntrinsic(`${what} needs a string, got ${JSON.stringify(value)}`);
}

function asList(value: unknown, what: string): unknown[] {
  if (Array.isArray(value)) return value;
  throw new UnresolvableIntrinsic(`${what} needs a list, got ${JSON.stringify(value)}`);
}

/** `${Name}`, `${Resource.Attribute}` and `${!Literal}` in an Fn::Sub string. */
function substitute(template: string, variables: Record<string, unknown>, scope: IntrinsicScope): string {
  return template.replace(/\$\{(!?)([^}]*)\}/g, (_whole, literal: string, name: string) => {
    if (literal) return `\${${name}}`;
    if (name in variables) return asString(variables[name], `Fn::Sub \${${name}}`);
    const dot = name.indexOf('.');
    if (dot > 0 && !name.startsWith('AWS::')) {
      return asString(scope.getAtt(name.slice(0, dot), name.slice(dot + 1)), `Fn::Sub \${${name}}`);
    }
    return asString(scope.ref(name), `Fn::Sub \${${name}}`);
  });
}

export function resolveIntrinsics(value: unknown, scope: IntrinsicScope): unknown {
  const resolve = (inner: unknown) => resolveIntrinsics(inner, scope);
  if (Array.isArray(value)) return value.map(resolve).filter((item) => item !== NO_VALUE);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1) {
    const [name, argument] = entries[0]!;
    switch (name) {
      case 'Ref':
        return argument === 'AWS::NoValue' ? NO_VALUE : scope.ref(asString(argument, 'Ref'));
      case 'Fn::GetAtt': {
        const [logicalId, ...attribute] =
          typeof argument === 'string' ? argument.split('.') : asList(resolve(argument), 'Fn::GetAtt').map(String);
        return scope.getAtt(logicalId!, attribute.join('.'));
      }
      case 'Fn::Join': {
        const [separator, parts] = asList(argument, 'Fn::Join');
        return asList(resolve(parts), 'Fn::Join')
          .map((part) => asString(part, 'Fn::Join'))
          .join(asString(separator, 'Fn::Join'));
      }
      case 'Fn::Sub': {
        if (typeof argument === 'string') return substitute(argument, {}, scope);
        const [template, variables] = asList(argument, 'Fn::Sub');
        return substitute(asString(template, 'Fn::Sub'), resolve(variables ?? {}) as Record<string, unknown>, scope);
      }
      case 'Fn::Select': {
        const [index, list] = asList(argument, 'Fn::Select');
        return asList(resolve(list), 'Fn::Select')[Number(resolve(index))];
      }
      case 'Fn::Split': {
        const [separator, text] = asList(argument, 'Fn::Split');
        return asString(resolve(text), 'Fn::Split').split(asString(separator, 'Fn::Split'));
      }
      case 'Fn::ImportValue':
        return scope.importValue(asString(resolve(argument), 'Fn::ImportValue'));
      case 'Fn::If': {
        const [condition, whenTrue, whenFalse] = asList(argument, 'Fn::If');
        return resolve(scope.condition(asString(condition, 'Fn::If')) ? whenTrue : whenFalse);
      }
      case 'Fn::Equals': {
        const [left, right] = asList(resolve(argument), 'Fn::Equals');
        return JSON.stringify(left) === JSON.stringify(right);
      }
      case 'Fn::Not':
        return !asList(resolve(argument), 'Fn::Not')[0];
      case 'Fn::And':
        return asList(resolve(argument), 'Fn::And').every(Boolean);
      case 'Fn::Or':
        return asList(resolve(argument), 'Fn::Or').some(Boolean);
      case 'Condition':
        return scope.condition(asString(argument, 'Condition'));
      case 'Fn::FindInMap': {
        const [map, top, second] = asList(resolve(argument), 'Fn::FindInMap').map((part) =>
          asString(part, 'Fn::FindInMap'),
        );
        return scope.findInMap(map!, top!, second!);
      }
      case 'Fn::Base64':
        return Buffer.from(asString(resolve(argument), 'Fn::Base64')).toString('base64');
      default:
        if (name.startsWith('Fn::')) throw new UnresolvableIntrinsic(`${name} is not evaluated locally`);
    }
  }
  const resolved: Record<string, unknown> = {};
  for (const [key, inner] of entries) {
    const result = resolve(inner);
    if (result !== NO_VALUE) resolved[key] = result;
  }
  return resolved;
}

/**
 * `{{resolve:secretsmanager:<id>:SecretString:<json key>::}}` dynamic references in a resolved string, each
 * replaced by the named secret's local value (CloudFront's origin header is one).
 */
export function resolveDynamicReferences(text: string, secretValue: (id: string) => string | undefined): string {
  return text.replace(
    /\{\{resolve:secretsmanager:(.+?):SecretString:([^:}]*)(?::[^}]*)?\}\}/g,
    (whole, id: string, key: string) => {
      const value = secretValue(id);
      if (value === undefined) throw new UnresolvableIntrinsic(`No local secret for the dynamic reference ${whole}`);
      if (!key) return value;
      return String((JSON.parse(value) as Record<string, unknown>)[key]);
    },
  );
}
