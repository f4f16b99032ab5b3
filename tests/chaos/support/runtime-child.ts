/**
 * The local runtime as its own process, for the SIGKILL test: boots on the data directory and ports the
 * parent names (PAYLINK_CHAOS_DATA and the PAYLINK_*_PORT variables), prints one `READY {json}` line with
 * what the parent needs to reach it, and then obeys commands on stdin, one a line:
 *   `run <scheduled function>` → runs it now, then prints `DONE <function>`.
 * It stops only when killed: the test kills it with SIGKILL, as a crash or a pulled plug would.
 */
import readline from 'node:readline';
import { configuredPorts } from '@infra/local/ports';
import { quietAwsSdkNotices } from '@infra/local/quiet-sdk-notices';

quietAwsSdkNotices();
const { startLocalRuntime } = await import('@infra/local/runtime');

const dataDirectory = process.env.PAYLINK_CHAOS_DATA;
if (!dataDirectory) throw new Error('PAYLINK_CHAOS_DATA must name the data directory');

const runtime = await startLocalRuntime({ ports: configuredPorts(), dataDirectory });
console.log(
  `READY ${JSON.stringify({
    gatewayUrl: runtime.gateway.url,
    stripeUrl: runtime.stripe.url,
    dynamoEndpoint: runtime.dynamo.endpoint,
    tableNames: runtime.dynamo.tableNames,
    cognitoEndpoint: runtime.cognito.endpoint,
    userPoolId: runtime.cognito.userPoolId,
    userPoolClientId: runtime.cognito.userPoolClientId,
  })}`,
);

for await (const line of readline.createInterface({ input: process.stdin })) {
  const [command, argument] = line.trim().split(/\s+/);
  if (command === 'run' && argument) {
    await runtime.scheduler.runNow(argument);
    await runtime.bus.settled();
    console.log(`DONE ${argument}`);
  }
}
