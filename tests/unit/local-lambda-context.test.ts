/**
 * The in-process local runtime gives each invocation Lambda's context with a real remaining time, counted
 * from the call over the function's configured timeout (or Lambda's default) — what the re-verify run takes
 * its time from (docs/decisions.md #126). The assembly runtime's workers do the same and end an
 * invocation at its timeout (tests/unit/function-workers.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_SECONDS, type FunctionSpec } from '@functions/function-spec';
import { invoke, registerInvoker } from '@infra/local/function-loader';

function remainingTimeOf(spec: FunctionSpec) {
  const undo = registerInvoker(spec, async (_event, context) =>
    (context as { getRemainingTimeInMillis(): number }).getRemainingTimeInMillis(),
  );
  return invoke(spec, {}).finally(undo) as Promise<number>;
}

const spec = (timeoutSeconds?: number): FunctionSpec => ({
  name: 'remaining-time',
  description: 'Answers its remaining time',
  entry: 'functions/none.ts',
  ...(timeoutSeconds !== undefined && { timeoutSeconds }),
});

describe("the local runtime's Lambda context", () => {
  it("counts the remaining time from the function's configured timeout", async () => {
    const remaining = await remainingTimeOf(spec(120));
    expect(remaining).toBeLessThanOrEqual(120_000);
    // Not a timing check: only that it is the configured 120 s, not the default 10 s.
    expect(remaining).toBeGreaterThan(DEFAULT_TIMEOUT_SECONDS * 1000);
  });

  it("counts from Lambda's default when the function names none", async () => {
    const remaining = await remainingTimeOf(spec());
    expect(remaining).toBeLessThanOrEqual(DEFAULT_TIMEOUT_SECONDS * 1000);
    expect(remaining).toBeGreaterThan(0);
  });
});
