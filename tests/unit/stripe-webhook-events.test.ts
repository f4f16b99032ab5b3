// Issue 23 item 5: one list of the events each Stripe webhook endpoint must send. The catalogue's
// consumers' rules are the source; the README's and the runbook's tables (the operator's instructions,
// between the stripe-webhook-events markers) must say exactly the same, endpoint by endpoint.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalog, stripeWebhookEventTypes } from '@functions/catalog';
import { STRIPE_WEBHOOKS } from '@functions/function-spec';
import { STRIPE_EVENT_SOURCES, type StripeEndpoint } from '@shared/contracts/stripe-event-sources';

const ENDPOINTS = Object.keys(STRIPE_EVENT_SOURCES) as StripeEndpoint[];

/** The event types each documented table row lists, keyed by the endpoint whose path the row names. */
function documentedLists(file: string): Record<StripeEndpoint, string[]> {
  const text = readFileSync(file, 'utf8');
  const section = /<!-- stripe-webhook-events:start -->([\s\S]*?)<!-- stripe-webhook-events:end -->/.exec(text);
  if (!section) throw new Error(`${file} has no stripe-webhook-events table`);
  const lists: Partial<Record<StripeEndpoint, string[]>> = {};
  for (const row of section[1]!.split('\n').filter((line) => /^\s*\|/.test(line))) {
    const [, where = '', events = ''] = row.split('|').map((cell) => cell.trim());
    // The path in backticks ends the cell's code span: `/api/webhooks/stripe` vs `/api/webhooks/stripe-connect`.
    const endpoint = ENDPOINTS.find((candidate) => where.includes(`${STRIPE_WEBHOOKS[candidate].path}\``));
    if (!endpoint) continue;
    expect(lists[endpoint], `${file} lists the ${endpoint} endpoint twice`).toBeUndefined();
    lists[endpoint] = [...events.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  }
  return lists as Record<StripeEndpoint, string[]>;
}

describe("the Stripe webhook endpoints' event lists", () => {
  it('are every detail-type the consumers take from that endpoint, and nothing else', () => {
    for (const endpoint of ENDPOINTS) {
      const taken = catalog.flatMap((fn) =>
        (fn.rules ?? [])
          .filter((rule) => rule.source === STRIPE_EVENT_SOURCES[endpoint])
          .flatMap((rule) => rule.detailTypes),
      );
      expect(new Set(stripeWebhookEventTypes(endpoint))).toEqual(new Set(taken));
      expect(stripeWebhookEventTypes(endpoint)).toHaveLength(new Set(taken).size);
    }
    // No consumer listens to a Stripe source that no endpoint feeds.
    const stripeSources = catalog.flatMap((fn) => fn.rules ?? []).filter((rule) => rule.source.includes('stripe'));
    for (const rule of stripeSources) expect(Object.values(STRIPE_EVENT_SOURCES)).toContain(rule.source);
  });

  it("the Connect endpoint sends the money consumer's refund and dispute events", () => {
    const money = catalog.find((fn) => fn.name === 'apply-stripe-money-event')!;
    const refundsAndDisputes = money.rules!.flatMap((rule) => rule.detailTypes);
    expect(refundsAndDisputes).toHaveLength(8);
    expect(stripeWebhookEventTypes('connect')).toEqual(expect.arrayContaining(refundsAndDisputes));
  });

  it.each(['README.md', 'docs/runbook.md'])('%s shows exactly those lists', (file) => {
    const lists = documentedLists(file);
    for (const endpoint of ENDPOINTS)
      expect(lists[endpoint], `${file}: ${endpoint}`).toEqual(stripeWebhookEventTypes(endpoint));
  });
});
