/**
 * The bench's function section: each catalogue function's deployed bundle and its cold import
 * (tests/bench/run.ts runs it first, and alone with PAYLINK_BENCH_ONLY=functions).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchReport } from './report';

/**
 * Each catalogue function's deployed bundle (its asset in a bundled synth), its bytes, and its cold import: a fresh `node` running
 * the bundle (so it loads and evaluates everything at module scope, as a Lambda cold start does), timed
 * against two floors in the same round — a bare `node -e 0`, and a `node` that only imports the AWS SDK
 * clients the bundle leaves to the runtime. The second difference is the function's own share, the part its
 * code decides (docs/decisions.md #109). Each figure is the median of coldRuns rounds of the three, taken
 * side by side so a moment of load on the machine shifts all three alike. The bundles resolve the AWS SDK
 * (left external, as in the cloud) from the repository's node_modules.
 */
export async function functionColdImports({
  report,
  problems,
  command,
  coldRuns,
}: {
  report: BenchReport;
  /** What the run reports as failed, to which a bundle that fails to import is added. */
  problems: string[];
  command: string;
  /** Rounds per figure (each a fresh `node` for the bundle and for its two floors). */
  coldRuns: number;
}) {
  const { assemblyCatalogBundles } = await import('./function-bundles');
  const { synthesizeBundledAssembly } = await import('@infra/operations/assembly-functions');
  const scratch = path.resolve(import.meta.dirname, '../../node_modules/.cache/paylink-bench-functions');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  // The files a deploy uploads: a bundled synth of prod (about a minute), or one already made
  // (PAYLINK_BENCH_ASSEMBLY=cdk.out/rehearsal/prod after `npm run deploy:rehearse`).
  let assembly = process.env.PAYLINK_BENCH_ASSEMBLY;
  if (!assembly) {
    assembly = path.join(scratch, 'assembly');
    console.log('\nSynthesizing prod with its assets bundled (cdk synth, as npm run deploy does)…');
    synthesizeBundledAssembly(assembly);
  }
  /** ms for a fresh node with these arguments, or null if it fails. */
  const timed = (args: string[]) => {
    const started = performance.now();
    const { status } = spawnSync(process.execPath, args, {
      env: { ...process.env, AWS_REGION: 'ap-southeast-2', NODE_OPTIONS: '' },
      stdio: 'ignore',
    });
    return status === 0 ? performance.now() - started : null;
  };
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const bareArgs = ['-e', '0'];
  const sdkArgs = (packages: string[]) =>
    packages.length === 0
      ? bareArgs
      : ['--input-type=module', '-e', packages.map((name) => `await import(${JSON.stringify(name)});`).join(' ')];

  console.log(
    `\nFunction bundles (the assets of a bundled cdk synth of prod) and cold import, median of ${coldRuns} rounds: over node -e 0, and over node importing only the AWS SDK clients the function loads`,
  );
  console.log(
    `  ${'function'.padEnd(34)}${'bytes'.padStart(10)}${'import ms'.padStart(11)}${'over bare'.padStart(11)}${'SDK share'.padStart(11)}${'own share'.padStart(11)}`,
  );
  const functions: Record<
    string,
    { bytes: number; coldImportMs: number | null; overBareMs: number | null; overSdkMs: number | null }
  > = {};
  const bareTimings: number[] = [];
  for (const bundle of assemblyCatalogBundles(assembly)) {
    const file = path.join(scratch, `${bundle.name}.mjs`);
    writeFileSync(file, bundle.code);
    const rounds: { bare: number; sdk: number; cold: number }[] = [];
    for (let run = 0; run < coldRuns; run++) {
      const bare = timed(bareArgs);
      const sdk = timed(sdkArgs(bundle.runtimePackages));
      const cold = timed([file]);
      if (bare === null || sdk === null || cold === null) break;
      rounds.push({ bare, sdk, cold });
    }
    if (rounds.length < coldRuns) {
      problems.push(`the ${bundle.name} bundle (or the SDK clients it loads) fails to import`);
      functions[bundle.name] = { bytes: bundle.bytes, coldImportMs: null, overBareMs: null, overSdkMs: null };
      console.log(`  ${bundle.name.padEnd(34)}${String(bundle.bytes).padStart(10)}${'fails'.padStart(11)}`);
      continue;
    }
    bareTimings.push(...rounds.map(({ bare }) => bare));
    const figure = {
      bytes: bundle.bytes,
      coldImportMs: Math.round(median(rounds.map(({ cold }) => cold))),
      overBareMs: Math.round(median(rounds.map(({ cold, bare }) => cold - bare))),
      overSdkMs: Math.round(median(rounds.map(({ cold, sdk }) => cold - sdk))),
    };
    functions[bundle.name] = figure;
    const sdkShare = median(rounds.map(({ sdk, bare }) => sdk - bare));
    console.log(
      `  ${bundle.name.padEnd(34)}${String(bundle.bytes).padStart(10)}${String(figure.coldImportMs).padStart(11)}${signed(figure.overBareMs).padStart(11)}${signed(Math.round(sdkShare)).padStart(11)}${signed(figure.overSdkMs).padStart(11)}`,
    );
  }
  const bare = Math.round(median(bareTimings));
  report.section('functions', { coldImportBaselineMs: bare, ...functions, command: command });
  const all = Object.values(functions);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} KB`;
  const range = (values: (number | null)[]) => {
    const known = values.flatMap((value) => (value === null ? [] : [value]));
    return `${signed(Math.min(...known))} to ${signed(Math.max(...known))} ms`;
  };
  report.row(
    "Function bundles (the bundled assembly's assets)",
    `${kb(Math.min(...all.map(({ bytes }) => bytes)))}–${kb(Math.max(...all.map(({ bytes }) => bytes)))}`,
    `${command}; budgets in tests/infra/function-bundle-budget.test.ts`,
  );
  report.row(`Cold import over \`node -e 0\` (${bare} ms)`, range(all.map(({ overBareMs }) => overBareMs)), command);
  report.row(
    "Cold import, the function's own share (over node importing its AWS SDK clients)",
    range(all.map(({ overSdkMs }) => overSdkMs)),
    command,
  );
}

/** +12 / −3: a difference in ms with its sign. */
function signed(ms: number) {
  return `${ms < 0 ? '−' : '+'}${Math.abs(ms)}`;
}
