/**
 * `npm run deploy|diff|destroy -- <stage> [cdk options…]`: the CDK CLI for both stacks of one stage, its
 * settings read from infra/stages.ts. Anything after the stage goes to the CLI unchanged, so a one-off
 * override still reads `npm run deploy -- dev -c region=ap-southeast-4`.
 */
import { spawnSync } from 'node:child_process';
import { STAGES } from '../stages';

const COMMANDS = ['deploy', 'diff', 'destroy'] as const;
type Command = (typeof COMMANDS)[number];

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run ${COMMANDS.join('|')} -- <stage> [cdk options]`);
  console.error(`Committed stages (infra/stages.ts): ${Object.keys(STAGES).join(', ')}`);
  process.exit(2);
}

const [command, stage, ...cdkOptions] = process.argv.slice(2);
if (!COMMANDS.includes(command as Command)) usage(`Unknown command "${command ?? ''}".`);
if (!stage || stage.startsWith('-')) usage('Name the stage.');
if (!(stage in STAGES)) {
  console.warn(`Stage "${stage}" is not in infra/stages.ts: it takes dev's settings.`);
}

const args = ['cdk', command!, '--all', '-c', `stage=${stage}`];
// Both stacks go together; CloudFormation's own approval prompt for security changes stays on.
if (command === 'deploy') args.push('--require-approval', 'broadening');
const result = spawnSync('npx', [...args, ...cdkOptions], { stdio: 'inherit' });
process.exit(result.status ?? 1);
