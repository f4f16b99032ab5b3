/**
 * `npm run deploy:rehearse`: everything about a deploy that can be checked without an AWS account.
 *
 * 1. Synthesizes dev, prod and dev in a second region exactly as `npm run deploy` would (cdk.json's
 *    feature flags, cdk-nag), minus asset bundling. Bundling adds only the entry pages' deploy-time copies
 *    (their preview URLs on the distribution's domain) to the web deployment's sources, which
 *    tests/infra/preview-urls-deployment.test.ts checks on its own.
 * 2. Runs cfn-lint on every template, nested ones included (where cfn-lint is not installed it says so in
 *    one line and goes on).
 * 3. Checks every nested stack's parameters against its template: each one given is declared, each one
 *    declared without a default is given.
 * 4. Runs the deploy-time rules (tests/infra/deploy-rules.test.ts).
 *
 * What still rests on AWS's documentation rather than a rehearsal is listed in docs/runbook.md
 * ("Deploying").
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deploymentSettingsFromContext } from '../deployment-settings';
import { addPaylinkStacks } from '../paylink-stacks';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(REPO_ROOT, 'cdk.out', 'rehearsal');

/** Stands in for prod's alarm address, which only whoever deploys prod can name. */
const REHEARSAL_ALARM_EMAIL = 'alarms@paylink.example';

/** The deployments rehearsed: the committed stages, and one in another region (mail follows it). */
const REHEARSALS: { name: string; context: Record<string, string> }[] = [
  { name: 'dev', context: { stage: 'dev' } },
  // Prod refuses to synthesize without an alarm address and commits none (infra/stages.ts): this one
  // stands in for the operator's, as `-c alarmEmail=…` would.
  { name: 'prod', context: { stage: 'prod', alarmEmail: REHEARSAL_ALARM_EMAIL } },
  // Singapore: a region with every resource type the stack uses. (Auckland and Melbourne have no
  // AWS::SES::EmailIdentity in CloudFormation yet: docs/runbook.md, "Regions".)
  { name: 'dev-singapore', context: { stage: 'dev', region: 'ap-southeast-1' } },
];

const failures: string[] = [];
const step = (message: string) => console.log(`\n▶ ${message}`);

function synthesize(name: string, context: Record<string, string>): string {
  const outdir = path.join(OUT, name);
  rmSync(outdir, { recursive: true, force: true });
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const app = new App({ outdir, context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...context } });
  addPaylinkStacks(app, deploymentSettingsFromContext(app.node));
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  return outdir;
}

const templatesIn = (outdir: string) =>
  readdirSync(outdir)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => path.join(outdir, file));

interface TemplateJson {
  Parameters?: Record<string, { Default?: unknown }>;
  Resources: Record<
    string,
    { Type: string; Properties?: { Parameters?: Record<string, unknown>; TemplateURL?: unknown } }
  >;
}

/**
 * The nested template a stack resource deploys: its TemplateURL ends in the asset's hash, which the
 * stack's assets manifest maps to a file of the assembly.
 */
function nestedTemplateFile(outdir: string, stackFile: string, templateUrl: unknown): string | undefined {
  const hash = /([0-9a-f]{64})\.json/.exec(JSON.stringify(templateUrl))?.[1];
  const manifest = JSON.parse(readFileSync(stackFile.replace(/\.template\.json$/, '.assets.json'), 'utf8')) as {
    files: Record<string, { source: { path: string } }>;
  };
  const source = hash ? manifest.files[hash]?.source.path : undefined;
  return source ? path.join(outdir, source) : undefined;
}

function checkNestedStackParameters(outdir: string) {
  let checked = 0;
  for (const file of templatesIn(outdir)) {
    const template = JSON.parse(readFileSync(file, 'utf8')) as TemplateJson;
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
      const nestedPath = nestedTemplateFile(outdir, file, resource.Properties?.TemplateURL);
      if (!nestedPath) {
        failures.push(`${path.basename(file)}/${id}: no template found for this nested stack`);
        continue;
      }
      const nestedFile = path.basename(nestedPath);
      const nested = JSON.parse(readFileSync(nestedPath, 'utf8')) as TemplateJson;
      const declared = nested.Parameters ?? {};
      const given = Object.keys(resource.Properties?.Parameters ?? {});
      for (const name of given)
        if (!(name in declared)) failures.push(`${id}: passes ${name}, which ${nestedFile} does not declare`);
      for (const [name, parameter] of Object.entries(declared))
        if (parameter.Default === undefined && !given.includes(name))
          failures.push(`${id}: ${nestedFile} needs ${name}, which is not passed`);
      checked += 1;
    }
  }
  console.log(`  ${checked} nested stack(s): parameters match their templates`);
}

function cfnLint(templates: string[]) {
  const probe = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    console.log('  cfn-lint is not installed here (pip install cfn-lint): templates not linted');
    return;
  }
  // W3005 (a DependsOn that a GetAtt already implies) is CDK's own doing: it orders each function after
  // its role's policy on purpose, so the policy exists before anything invokes the function.
  const lint = spawnSync('cfn-lint', ['--format', 'parseable', '--ignore-checks', 'W3005', '--', ...templates], {
    encoding: 'utf8',
  });
  const findings = lint.stdout.trim();
  if (lint.status !== 0) {
    console.log(findings || lint.stderr);
    failures.push(`cfn-lint found problems in ${templates.map((file) => path.basename(file)).join(', ')}`);
  } else console.log(`  ${probe.stdout.trim()}: ${templates.length} templates, no findings`);
}

for (const { name, context } of REHEARSALS) {
  step(`Synthesizing ${name} (${JSON.stringify(context)})`);
  const outdir = synthesize(name, context);
  const templates = templatesIn(outdir);
  console.log(`  ${templates.map((file) => path.basename(file)).join(', ')}`);
  step(`cfn-lint (${name})`);
  cfnLint(templates);
  step(`Nested stack parameters (${name})`);
  checkNestedStackParameters(outdir);
}

step('Deploy-time rules (tests/infra/deploy-rules.test.ts)');
const rules = spawnSync('npx', ['vitest', 'run', '--project', 'infra', 'tests/infra/deploy-rules.test.ts'], {
  stdio: 'inherit',
  cwd: REPO_ROOT,
});
if (rules.status !== 0) failures.push('deploy-time rules failed (above)');

if (failures.length > 0) {
  console.error(`\n✗ Deploy rehearsal failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\n✓ Deploy rehearsal passed');
