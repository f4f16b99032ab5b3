/**
 * The deploy rehearsal's last part: the bundled prod assembly booted on this machine (infra/local/assembly/),
 * then checked from outside as an operator and a merchant would — the smoke checks (infra/smoke.ts), a journey
 * through the API and the Stripe sandbox (infra/operations/rehearsal-journey.ts), and each schedule run once.
 * Every function runs from its asset with its template's environment and role: a function whose bundle is
 * another's, a grant the stack does not give, or a variable the template does not set fails here.
 */
import { startAssemblyRuntime } from '@infra/local/assembly/assembly-runtime';
import { anyPorts } from '@infra/local/ports';
import { formatSmokeReport, runSmokeChecks } from '@infra/smoke';
import { runJourney } from './rehearsal-journey';

/** Runs the assembly; returns what failed, in words (empty: it all passed). */
export async function rehearseAssembly(assemblyDirectory: string, stackName: string): Promise<string[]> {
  const failures: string[] = [];
  const started = performance.now();
  const runtime = await startAssemblyRuntime({
    assemblyDirectory,
    stackName,
    ports: anyPorts(),
    // Each schedule is run once below, at a known moment, rather than by a timer in the journey's middle.
    scheduleTimers: false,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`  booted ${runtime.functions.length} functions in ${Math.round(performance.now() - started)} ms`);
  try {
    const smoke = await runSmokeChecks(runtime.gateway.url);
    console.log(formatSmokeReport(runtime.gateway.url, smoke).replace(/^/gm, '  '));
    failures.push(...smoke.filter((check) => !check.ok).map((check) => `smoke: ${check.name}: ${check.detail}`));

    const journey = await runJourney(runtime, (line) => console.log(`  ${line}`));
    failures.push(...journey.filter((step) => !step.ok).map((step) => `journey: ${step.name}: ${step.detail}`));

    for (const { functionName } of runtime.scheduler.schedules) {
      try {
        await runtime.scheduler.runNow(functionName);
        console.log(`  ok   schedule ${functionName} ran`);
      } catch (error) {
        failures.push(`schedule ${functionName}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    // A refusal the journey survived (a retried consumer, a push that was not needed) is still a grant missing.
    failures.push(
      ...runtime.iamDenials.map(
        (denial) => `IAM refused ${denial.accessKeyId}: ${denial.action} on ${denial.resource} (${denial.reason})`,
      ),
    );
    failures.push(
      ...runtime.bus.deadLetters
        .list()
        .map((letter) => `dead letter: ${letter.functionName} failed ${letter.event['detail-type']}: ${letter.error}`),
    );
  } finally {
    await runtime.stop();
  }
  return failures;
}
