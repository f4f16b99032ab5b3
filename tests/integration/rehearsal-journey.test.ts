/**
 * Issue 41 item 3: the rehearsal's journey (infra/operations/rehearsal-journey.ts) against the source
 * runtime — every step passes — and the same journey failing, in words, where the stack or the
 * expectation is wrong: a tip rounded another way, and a Checkout webhook Stripe never delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNEY_AMOUNTS, runJourney } from '@infra/operations/rehearsal-journey';
import { bootLocalRuntime, type TestRuntime } from './harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

describe('the rehearsal journey', () => {
  it('signs up, connects Stripe, is paid, settles, shows, refunds and pays out, every step ok', async () => {
    const steps = await runJourney(env.runtime);
    expect(steps.filter((step) => !step.ok)).toEqual([]);
    expect(steps.map((step) => step.name)).toEqual([
      'sign up',
      'verify the email',
      'sign in',
      'connect Stripe',
      'create a link',
      'pay on Checkout',
      'the webhook settles it',
      'stats and live push',
      'refund part of it',
      'the payout',
    ]);
    // Its first run loads every handler it reaches, cold, from the sources: slower than the test project's 30 s.
  }, 120_000);

  it('stops at the step whose amount is not what the server computed, saying both', async () => {
    // Banker's rounding of the 15% tip on NZ$23.50 (352.5 → 352): the server rounds half-up.
    const lines: string[] = [];
    const steps = await runJourney(env.runtime, (line) => lines.push(line), {
      expected: { ...JOURNEY_AMOUNTS, tipCents: 352 },
    });
    expect(steps.at(-1)).toEqual({
      name: 'the webhook settles it',
      ok: false,
      detail: 'base, tip, total and Paylink fee in cents: expected [2350,352,2703,14], got [2350,353,2703,14]',
    });
    expect(steps.slice(0, -1).every((step) => step.ok)).toBe(true);
    expect(lines.at(-1)).toMatch(/^ {2}FAIL the webhook settles it \(\d+ ms\): base, tip/);
  });

  it('fails at the webhook step when Stripe never delivers checkout.session.completed', async () => {
    await env.sandboxControl('/_emu/webhooks/drop', { count: '1', types: 'checkout.session.completed' });
    const steps = await runJourney(env.runtime, () => {}, { settleTimeoutMs: 3_000 });
    expect(steps.at(-1)).toMatchObject({ name: 'the webhook settles it', ok: false });
    expect(steps.at(-1)!.detail).toMatch(/^pay_[\w-]+'s status: expected "succeeded", got "not on Transactions"$/);
  });
});
