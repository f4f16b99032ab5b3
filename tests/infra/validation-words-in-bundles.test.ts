/**
 * The contracts are zod/mini, which words no issue until a locale is set (docs/decisions.md #106), and the
 * tests run every handler in one process, where the HTTP wrapper has set it for all. Only a function's own
 * bundle, loaded alone as Lambda loads it, shows whether that function says "expected string, received
 * number" or a bare "Invalid input" in its answer or its log: so the event consumers are bundled as the stack
 * bundles them and fed a malformed event in a fresh `node`.
 */
import { describe, expect, it } from 'vitest';
import { runBesideBundle } from '../support/function-bundle-alone';

/** Loads the function's bundle alone, calls its handler with `event`, and returns what it printed or threw. */
const outputOf = (name: string, event: unknown) =>
  runBesideBundle(
    name,
    `try { await handler(${JSON.stringify(event)}, {}); } catch (error) { console.log('threw: ' + error.message); }`,
  );

describe('a function bundled alone words what is wrong with its input', () => {
  it('notify-merchant, given a Payment Updated without its ids', async () => {
    const output = await outputOf('notify-merchant', { 'detail-type': 'Payment Updated', detail: { merchantId: 5 } });
    expect(output).toContain('threw: ');
    expect(output).toContain('Invalid input: expected string, received number');
  });

  it('a Stripe event consumer, given an event that is not one', async () => {
    const output = await outputOf('apply-stripe-payment-event', {
      'detail-type': 'checkout.session.completed',
      source: 'paylink.stripe.connect',
      detail: { id: 5 },
    });
    expect(output).toContain('"reason":"malformed"');
    expect(output).toContain('Invalid input: expected string, received number');
  });
});
