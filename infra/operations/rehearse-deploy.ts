/**
 * `npm run deploy:rehearse`: everything about a deploy that can be checked without an AWS account.
 *
 * 1. Synthesizes dev, prod and dev in a second region exactly as `npm run deploy` would (cdk.json's
 *    feature flags, cdk-nag); prod with its assets bundled (the functions, the web app), and checks that
 *    each function's code asset is its own and holds its own handler (infra/operations/assembly-functions.ts).
 * 2. Runs cfn-lint on every template, nested ones included (where cfn-lint is not installed it says so in
 *    one line and goes on).
 * 3. Checks every nested stack's parameters against its template: each one given is declared, each one
 *    declared without a default is given.
 * 4. Boots the bundled prod assembly on this machine and runs the smoke checks, an API journey and each
 *    schedule through it, every function from its asset with its template's environment and its role's
 *    grants (infra/operations/rehearse-assembly.ts).
 * 5. Runs the deploy-time rules (tests/infra/deploy-rules.test.ts), unless CI runs them in `npm test`.
 *
 * What still rests on AWS's documentation rather than a rehearsal is listed in docs/runbook.md
 * ("Deploying").
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deploymentSettingsFromContext } from '../deployment-settings';
import { catalog } from '@functions/catalog';
import { addPaylinkStacks } from '../paylink-stacks';
import { rehearseAssembly } from './rehearse-assembly';
import {
  REHEARSAL_ALARM_EMAIL,
  functionAssetProblems,
  readAssemblyFunctions,
  templateFilesIn,
} from './assembly-functions';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(REPO_ROOT, 'cdk.out', 'rehearsal');

/**
 * The deployments rehearsed: the committed stages, and one in another region (mail follows it). Prod is
 * synthesized as `npm run deploy` does it, with its assets bundled: its functions' bundles are checked and
 * the assembly is what later steps run. The others skip bundling, which changes nothing in their templates
 * but the assets' hashes.
 */
const REHEARSALS: { name: string; context: Record<string, string>; bundled?: boolean }[] = [
  { name: 'dev', context: { stage: 'dev' } },
  // Prod refuses to synthesize without an alarm address and commits none (infra/stages.ts): this one
  // stands in for the operator's, as `-c alarmEmail=…` would.
  { name: 'prod', context: { stage: 'prod', alarmEmail: REHEARSAL_ALARM_EMAIL }, bundled: true },
  // Singapore: a region with every resource type the stack uses. (Auckland and Melbourne have no
  // AWS::SES::EmailIdentity in CloudFormation yet: docs/runbook.md, "Regions".)
  { name: 'dev-singapore', context: { stage: 'dev', region: 'ap-southeast-1' } },
];

const failures: string[] = [];
const step = (message: string) => console.log(`\n▶ ${message}`);

function synthesize(name: string, context: Record<string, string>, bundled = false): string {
  const outdir = path.join(OUT, name);
  rmSync(outdir, { recursive: true, force: true });
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const bundling = bundled ? {} : { 'aws:cdk:bundling-stacks': [] };
  const app = new App({ outdir, context: { ...cdkJson.context, ...bundling, ...context } });
  addPaylinkStacks(app, deploymentSettingsFromContext(app.node));
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  return outdir;
}

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
  for (const file of templateFilesIn(outdir)) {
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

/** Each function of a bundled assembly deploys its own handler, and no two share a code asset. */
function checkFunctionAssets(outdir: string) {
  const functions = readAssemblyFunctions(outdir);
  const problems = functionAssetProblems(functions);
  failures.push(...problems);
  if (problems.length > 0) console.log(problems.map((problem) => `  ✗ ${problem}`).join('\n'));
  else
    console.log(
      `  ${functions.length} functions, each its own code asset; the ${catalog.length} catalogue functions each bundle their own handler`,
    );
}

for (const { name, context, bundled } of REHEARSALS) {
  step(`Synthesizing ${name} (${JSON.stringify(context)}${bundled ? ', assets bundled' : ''})`);
  const outdir = synthesize(name, context, bundled);
  if (bundled) {
    step(`Function bundles (${name})`);
    checkFunctionAssets(outdir);
  }
  const templates = templateFilesIn(outdir);
  console.log(`  ${templates.map((file) => path.basename(file)).join(', ')}`);
  step(`cfn-lint (${name})`);
  cfnLint(templates);
  step(`Nested stack parameters (${name})`);
  checkNestedStackParameters(outdir);
}

step('The bundled prod stage run on this machine: smoke, a journey, each schedule (infra/local/assembly/)');
// Lambda's retry delays (a minute, then two) at 1/1000, as the tests run them: a webhook the journey's cold start
// made the sandbox send twice is retried in ms, and stopping the runtime does not wait a minute for it.
process.env.PAYLINK_RETRY_DELAY_SCALE ??= '0.001';
failures.push(...(await rehearseAssembly(path.join(OUT, 'prod'), 'Paylink-prod')));

// CI runs the same file in `npm test` right after this (its infra project) and sets this variable: a second
// run here would synthesize dev and prod again for the same verdict, and a failure there fails CI as well.
if (process.env.PAYLINK_REHEARSAL_RULES_IN_TESTS === '1') {
  step('Deploy-time rules: run by `npm test` in this CI (tests/infra/deploy-rules.test.ts)');
} else {
  step('Deploy-time rules (tests/infra/deploy-rules.test.ts)');
  const rules = spawnSync('npx', ['vitest', 'run', '--project', 'infra', 'tests/infra/deploy-rules.test.ts'], {
    stdio: 'inherit',
    cwd: REPO_ROOT,
  });
  if (rules.status !== 0) failures.push('deploy-time rules failed (above)');
}

if (failures.length > 0) {
  console.error(`\n✗ Deploy rehearsal failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\n✓ Deploy rehearsal passed');
