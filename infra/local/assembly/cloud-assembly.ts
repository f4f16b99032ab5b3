/**
 * Reads a synthesized cloud assembly (a `cdk.out` directory): the app stack's template and, through each
 * `AWS::CloudFormation::Stack`, its nested stacks' templates, however many levels deep; and where each
 * asset (a function's code, a nested template) was staged. Nothing here knows Paylink's resources.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
  Condition?: string;
}

export interface StackTemplate {
  Parameters?: Record<string, { Type: string; Default?: unknown }>;
  Conditions?: Record<string, unknown>;
  Mappings?: Record<string, Record<string, Record<string, unknown>>>;
  Resources?: Record<string, TemplateResource>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
}

export interface AssemblyStack {
  /** `Paylink-prod` for the app stack, `Paylink-prod/Monitoring` for a stack nested in it. */
  path: string;
  templateFile: string;
  template: StackTemplate;
  /** The parent stack and the logical id of the `AWS::CloudFormation::Stack` that makes this one. */
  parent?: { stack: AssemblyStack; logicalId: string };
  /** The stacks nested in this one, by the logical id of their `AWS::CloudFormation::Stack`. */
  children: Map<string, AssemblyStack>;
}

export interface AssemblyResource {
  stack: AssemblyStack;
  logicalId: string;
  resource: TemplateResource;
}

export interface CloudAssembly {
  directory: string;
  root: AssemblyStack;
  /** The app stack and every stack nested in it, parents first. */
  stacks: AssemblyStack[];
  /** Every resource of those stacks (the nested stacks' own `AWS::CloudFormation::Stack` included). */
  resources: AssemblyResource[];
  /** The assembly's other top-level stacks (e.g. the edge firewall in us-east-1): read for their exports only. */
  otherStacks: { name: string; template: StackTemplate }[];
  /** The staged folder (or file) of the asset a template names by hash or `aws:asset:path`; undefined if absent. */
  assetPath(resource: TemplateResource, hash?: string): string | undefined;
}

interface AssetsManifest {
  files?: Record<string, { source: { path: string } }>;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The 64-hex asset hash in an S3 key or template URL, however the intrinsic around it builds the string. */
export function assetHashIn(value: unknown): string | undefined {
  return /([0-9a-f]{64})\.(?:zip|json)/.exec(JSON.stringify(value ?? null))?.[1];
}

export function readCloudAssembly(directory: string, stackName: string): CloudAssembly {
  const rootFile = path.join(directory, `${stackName}.template.json`);
  if (!existsSync(rootFile)) {
    const found = readdirSync(directory).filter((file) => /^[^.]+\.template\.json$/.test(file));
    throw new Error(`${rootFile} not found; the assembly has ${found.join(', ') || 'no stack templates'}`);
  }
  const assetFiles: Record<string, string> = {};
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.assets.json'))) {
    for (const [hash, asset] of Object.entries(readJson<AssetsManifest>(path.join(directory, file)).files ?? {})) {
      assetFiles[hash] = path.resolve(directory, asset.source.path);
    }
  }
  const assetPath = (resource: TemplateResource, hash?: string) => {
    const recorded = resource.Metadata?.['aws:asset:path'];
    const candidate =
      typeof recorded === 'string' ? path.resolve(directory, recorded) : hash ? assetFiles[hash] : undefined;
    return candidate && existsSync(candidate) ? candidate : undefined;
  };

  const stacks: AssemblyStack[] = [];
  const resources: AssemblyResource[] = [];
  const visit = (stack: AssemblyStack) => {
    stacks.push(stack);
    for (const [logicalId, resource] of Object.entries(stack.template.Resources ?? {})) {
      resources.push({ stack, logicalId, resource });
      if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
      const templateFile = assetPath(resource, assetHashIn(resource.Properties?.TemplateURL));
      if (!templateFile)
        throw new Error(`The template of nested stack ${stack.path}/${logicalId} is not in ${directory}`);
      const child: AssemblyStack = {
        path: `${stack.path}/${logicalId}`,
        templateFile,
        template: readJson<StackTemplate>(templateFile),
        parent: { stack, logicalId },
        children: new Map(),
      };
      stack.children.set(logicalId, child);
      visit(child);
    }
  };
  const root: AssemblyStack = {
    path: stackName,
    templateFile: rootFile,
    template: readJson<StackTemplate>(rootFile),
    children: new Map(),
  };
  visit(root);

  const otherStacks = readdirSync(directory)
    .filter((file) => /^[^.]+\.template\.json$/.test(file) && file !== `${stackName}.template.json`)
    .map((file) => ({
      name: file.replace(/\.template\.json$/, ''),
      template: readJson<StackTemplate>(path.join(directory, file)),
    }));
  return { directory: path.resolve(directory), root, stacks, resources, otherStacks, assetPath };
}

/** The resources of one type, in every stack. */
export function resourcesOfType(assembly: CloudAssembly, type: string): AssemblyResource[] {
  return assembly.resources.filter((entry) => entry.resource.Type === type);
}

/** `Paylink-prod/Monitoring/Alarm` — how the lines at start name a resource. */
export function resourceLabel(entry: AssemblyResource): string {
  return `${entry.stack.path}/${entry.logicalId}`;
}
