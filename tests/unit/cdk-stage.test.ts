/**
 * `npm run deploy|diff|destroy -- <stage>` (infra/operations/cdk-stage.ts): a stage infra/stages.ts does not
 * list is refused before the CDK starts, and overrides after a committed stage reach the CLI unchanged.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdkArguments } from '@infra/operations/cdk-stage';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

describe('npm run deploy|diff|destroy -- <stage>', () => {
  it('refuses a stage that is not in infra/stages.ts, naming the file', () => {
    expect(cdkArguments(['deploy', 'alice'])).toEqual({
      refusal: expect.stringMatching(/^Stage "alice" is not in infra\/stages\.ts: add an entry for it there/),
    });
  });

  it('exits 2 with that sentence, without starting the CDK', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'infra/operations/cdk-stage.ts'), 'deploy', 'alice'],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Stage "alice" is not in infra/stages.ts');
  });

  it('passes a committed stage and its one-off overrides to the CDK', () => {
    expect(cdkArguments(['deploy', 'dev', '-c', 'region=ap-southeast-1'])).toEqual({
      args: [
        'cdk',
        'deploy',
        '--all',
        '-c',
        'stage=dev',
        '--require-approval',
        'broadening',
        '-c',
        'region=ap-southeast-1',
      ],
    });
  });

  it('passes --all to deploy and destroy, not to diff, which does not take it (aws-cdk 2.1148: "Unknown option(s): --all")', () => {
    const argsOf = (command: string) => {
      const planned = cdkArguments([command, 'prod']);
      return 'args' in planned ? planned.args : [];
    };
    expect(argsOf('deploy')).toContain('--all');
    expect(argsOf('destroy')).toContain('--all');
    expect(argsOf('diff')).toEqual(['cdk', 'diff', '-c', 'stage=prod']);
  });
});
