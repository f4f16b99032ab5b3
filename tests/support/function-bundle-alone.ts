/**
 * A catalogue function bundled as the stack bundles it (tests/support/catalog-bundles.ts) and loaded alone in a
 * fresh `node`, as Lambda loads it: what a test cannot see in its own process, where every handler shares one
 * module graph and one zod configuration. The bundle is written inside the repository so it finds the AWS SDK it leaves to the
 * runtime, as the bench's do.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { catalog } from '@functions/catalog';
import { catalogBundle } from './catalog-bundles';

const SCRATCH = path.resolve(import.meta.dirname, '../../node_modules/.cache/paylink-bundles-alone');

/**
 * Writes the function's bundle and runs `script` in a fresh node, where `handler` is the bundle's handler;
 * returns what it printed (stdout and stderr).
 */
export async function runBesideBundle(name: string, script: string): Promise<string> {
  const spec = catalog.find((fn) => fn.name === name);
  if (!spec) throw new Error(`No ${name} in the catalogue`);
  const { code } = await catalogBundle(spec);
  mkdirSync(SCRATCH, { recursive: true });
  // A folder per call: test files run side by side and each removes only its own.
  const dir = mkdtempSync(path.join(SCRATCH, `${name}-`));
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  try {
    return outputOf(
      spawnSync(
        process.execPath,
        ['--input-type=module', '-e', `const { handler } = await import(${JSON.stringify(file)});\n${script}`],
        {
          encoding: 'utf8',
          env: { ...process.env, AWS_REGION: 'ap-southeast-2', NODE_OPTIONS: '', POWERTOOLS_LOG_LEVEL: 'WARN' },
        },
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const outputOf = (run: { stdout: string; stderr: string }) => `${run.stdout}\n${run.stderr}`;
