/**
 * `npm start`: the whole of Paylink on this machine. Data lives under `.data/`, so stopping (Ctrl-C)
 * and starting again loses nothing. Everything runs in this one process, so nothing outlives it.
 *
 * `npm start -- --assembly cdk.out/bundled-prod [--stack Paylink-prod]`: the same services booted from a
 * synthesized, bundled cloud assembly instead (infra/local/assembly/assembly-runtime.ts) — the bundles that
 * would deploy, with their template's wiring and IAM. The gateway then serves the assembly's built web app
 * too, as CloudFront does; its data lives under `.data/assembly/`.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BRAND_NAME } from '@shared/brand';
import { startAppServer } from './app-server';
import { LOOPBACK, PORT_VARIABLES, PortTakenError, assertPortFree, configuredPorts } from './ports';
import { quietAwsSdkNotices } from './quiet-sdk-notices';
import { LOCAL_CONSUMER_DEMO_PASSWORD } from './secrets';

quietAwsSdkNotices();
// Loaded after the notices are quieted: cognito-local pulls in the v2 SDK, which prints on load.
const { startLocalRuntime } = await import('./runtime');

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const DATA_DIRECTORY = path.join(REPO_ROOT, '.data');

/** Failed deliveries kept from earlier runs: said at start, as each new one is said when it happens. */
function deadLetterLines(count: number): string[] {
  if (count === 0) return [];
  return [`    Dead letters  ${count} kept in .data/dead-letters/ — npm run replay-dead-letters re-drives them`];
}

async function startFromAssembly(assemblyDirectory: string, stackName: string | undefined) {
  const { startAssemblyRuntime } = await import('./assembly/assembly-runtime');
  const ports = configuredPorts();
  const log = (line: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${line}`);
  const dataDirectory = path.join(DATA_DIRECTORY, 'assembly');
  const started = performance.now();
  const runtime = await startAssemblyRuntime({ assemblyDirectory, stackName, ports, dataDirectory, log });
  console.log(
    [
      '',
      `  ${BRAND_NAME} is running from the cloud assembly ${assemblyDirectory} (${runtime.functions.length} functions, booted in ${Math.round(performance.now() - started)} ms)`,
      `    App      ${runtime.gateway.url}   (the assembly's web app, its API and pages, as CloudFront serves them)`,
      `    Mailbox  ${runtime.mailbox.url}`,
      `    Stripe   ${runtime.stripe.url}   (the local Stripe sandbox)`,
      `    API      ${runtime.gateway.url}/api/health`,
      `    Data     ${path.relative(process.cwd(), dataDirectory) || dataDirectory}/`,
      `    Not run  ${runtime.notRun.length} lines above say what the template holds that does not run here`,
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
  stopOnSignals(() => runtime.stop());
}

async function main() {
  const { values } = parseArgs({ options: { assembly: { type: 'string' }, stack: { type: 'string' } } });
  if (values.assembly) return startFromAssembly(values.assembly, values.stack);
  const ports = configuredPorts();
  await assertPortFree(ports.app, PORT_VARIABLES.app.variable);
  const appUrl = `http://${LOOPBACK}:${ports.app}`;
  const log = (line: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${line}`);

  const runtime = await startLocalRuntime({ ports, dataDirectory: DATA_DIRECTORY, appOrigin: appUrl, log });
  const app = await startAppServer({ port: ports.app, runtime });

  console.log(
    [
      '',
      `  ${BRAND_NAME} is running locally`,
      `    App      ${appUrl}`,
      `    Mailbox  ${runtime.mailbox.url}`,
      `    Stripe   ${runtime.stripe.url}   (the local Stripe sandbox)`,
      `    API      ${runtime.gateway.url}/api/health`,
      `    Consumer ${appUrl}/consumer   (the wallet demo; password: ${LOCAL_CONSUMER_DEMO_PASSWORD})`,
      `    Data     ${path.relative(process.cwd(), DATA_DIRECTORY) || DATA_DIRECTORY}/`,
      ...deadLetterLines(runtime.bus.deadLetters.list().length),
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );

  stopOnSignals(async () => {
    await app.close();
    await runtime.stop();
  });
}

/** Ctrl-C (or a SIGTERM) stops everything once, however often it is pressed, then exits. */
function stopOnSignals(stopEverything: () => Promise<void>) {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n  Stopping…');
    await stopEverything();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof PortTakenError ? `\n  ${error.message}\n` : error);
  process.exit(1);
});
