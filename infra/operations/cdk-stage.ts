/**
 * `npm run deploy|diff|destroy -- <stage> [cdk options…]`: the CDK CLI for all three stacks of one stage, its
 * settings read from infra/stages.ts. Anything after the stage goes to the CLI unchanged, so a one-off
 * override still reads `npm run deploy -- dev -c region=ap-southeast-4`.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { STAGES, isCommittedStage, unknownStageMessage } from '../stages';

const COMMANDS = ['deploy', 'diff', 'destroy'] as const;
type Command = (typeof COMMANDS)[number];

const USAGE = `Usage: npm run ${COMMANDS.join('|')} -- <stage> [cdk options]\nCommitted stages (infra/stages.ts): ${Object.keys(STAGES).join(', ')}`;

/**
 * The `npx` arguments for one command on one stage, or why it is refused. A stage not in infra/stages.ts
 * is refused here, before the CDK starts (the synth refuses it too): it has no settings of its own.
 */
export function cdkArguments(argv: readonly string[]): { args: string[] } | { refusal: string } {
  const [command, stage, ...cdkOptions] = argv;
  if (!COMMANDS.includes(command as Command)) return { refusal: `Unknown command "${command ?? ''}".\n${USAGE}` };
  if (!stage || stage.startsWith('-')) return { refusal: `Name the stage.\n${USAGE}` };
  if (!isCommittedStage(stage)) return { refusal: unknownStageMessage(stage) };
  // `cdk diff` takes no `--all` (it compares every stack of the app when none is named); deploy and
  // destroy need it to act on all three stacks.
  const args = ['cdk', command!, ...(command === 'diff' ? [] : ['--all']), '-c', `stage=${stage}`];
  // Both stacks go together; CloudFormation's own approval prompt for security changes stays on.
  if (command === 'deploy') args.push('--require-approval', 'broadening');
  return { args: [...args, ...cdkOptions] };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const planned = cdkArguments(process.argv.slice(2));
  if ('refusal' in planned) {
    console.error(planned.refusal);
    process.exit(2);
  }
  const result = spawnSync('npx', planned.args, { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
