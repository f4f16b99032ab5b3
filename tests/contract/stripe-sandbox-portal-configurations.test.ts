// The billing portal's configurations through the sandbox with the real SDK (docs/decisions.md #255): a connected
// account that never saved portal settings has no default, so a session without `configuration` is refused as
// Stripe refuses it; a configuration made there with `Stripe-Account` is that account's alone, and the portal
// offers exactly its features.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitHostedForm } from '@tests/support/stripe-sandbox';
import { onboardedAccount, payerPortal, subscribe } from './support/recurring-checkout';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

let harness: SandboxWithReceiver;
let stripe: Stripe;

beforeAll(async () => {
  harness = await startSandboxWithReceiver('portal_configurations');
  ({ stripe } = harness);
});

afterAll(async () => {
  await harness?.stop();
});

async function subscriberOf(email: string) {
  const account = await onboardedAccount(stripe, email);
  const { subscription } = await subscribe(stripe, account);
  return { account, subscription, customer: String(subscription.customer) };
}

describe('a connected account without a default configuration', () => {
  it("refuses a portal session that names none, with Stripe's error", async () => {
    const { account, customer } = await subscriberOf('no-default@example.co.nz');
    const refused = await stripe.billingPortal.sessions
      .create({ customer, return_url: 'http://app.test/r/x' }, { stripeAccount: account })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: expect.stringMatching(
        /^No configuration provided and your test mode default configuration has not been created/,
      ),
    });
    const { data } = await stripe.billingPortal.configurations.list({ is_default: true }, { stripeAccount: account });
    expect(data).toEqual([]);
  });

  it('opens one that names a configuration made on the account, which is not its default', async () => {
    const { account, customer } = await subscriberOf('made-one@example.co.nz');
    const configuration = await stripe.billingPortal.configurations.create(
      {
        business_profile: { headline: 'Stop your repeating payment or change the card it uses.' },
        default_return_url: 'http://app.test',
        features: {
          invoice_history: { enabled: true },
          payment_method_update: { enabled: true },
          subscription_cancel: { enabled: true, mode: 'immediately', proration_behavior: 'none' },
        },
        metadata: { paylink: 'payer-portal-v1' },
      },
      { stripeAccount: account },
    );
    expect(configuration).toMatchObject({
      object: 'billing_portal.configuration',
      active: true,
      is_default: false,
      default_return_url: 'http://app.test',
      business_profile: { headline: 'Stop your repeating payment or change the card it uses.' },
      features: {
        invoice_history: { enabled: true },
        payment_method_update: { enabled: true },
        subscription_cancel: { enabled: true, mode: 'immediately', proration_behavior: 'none' },
        customer_update: { enabled: false },
        subscription_update: { enabled: false },
      },
      metadata: { paylink: 'payer-portal-v1' },
    });
    // Listed on its account, found by id there, and nowhere else: not on the platform, not on another account.
    const listed = await stripe.billingPortal.configurations.list({}, { stripeAccount: account });
    expect(listed.data.map((entry) => entry.id)).toEqual([configuration.id]);
    expect((await stripe.billingPortal.configurations.list({ is_default: false })).data).toEqual([]);
    const elsewhere = await onboardedAccount(stripe, 'elsewhere@example.co.nz');
    await expect(
      stripe.billingPortal.configurations.retrieve(configuration.id, {}, { stripeAccount: elsewhere }),
    ).rejects.toMatchObject({ statusCode: 404 });

    const session = await stripe.billingPortal.sessions.create(
      { customer, configuration: configuration.id },
      { stripeAccount: account },
    );
    expect(session).toMatchObject({ configuration: configuration.id, return_url: 'http://app.test' });
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('Cancel now');
    expect(page).not.toContain('Cancel at period end');
    expect(page).toContain('Update card');
    expect(page).toContain('Invoice history');
  });

  it('refuses a configuration without features, or with a cancel mode Stripe does not have', async () => {
    const account = await onboardedAccount(stripe, 'bad-config@example.co.nz');
    await expect(
      stripe.billingPortal.configurations.create({} as Stripe.BillingPortal.ConfigurationCreateParams, {
        stripeAccount: account,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'features' });
    await expect(
      stripe.billingPortal.configurations.create(
        {
          features: {
            subscription_cancel: { enabled: true, mode: 'tomorrow' as 'immediately' },
          },
        },
        { stripeAccount: account },
      ),
    ).rejects.toMatchObject({ statusCode: 400, param: 'features[subscription_cancel][mode]' });
    expect((await stripe.billingPortal.configurations.list({}, { stripeAccount: account })).data).toEqual([]);
  });
});

describe("the portal offers its configuration's features and no others", () => {
  it('cancel at the period end only, no card update: the other actions are refused', async () => {
    const { account, subscription, customer } = await subscriberOf('period-end@example.co.nz');
    const portal = await payerPortal(stripe, account, customer, {
      subscription_cancel: { enabled: true, mode: 'at_period_end' },
      payment_method_update: { enabled: false },
    });
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Cancel at period end');
    expect(page).not.toContain('Cancel now');
    expect(page).not.toContain('Update card');
    expect(page).not.toContain('Invoice history');

    const now = await submitHostedForm(portal.url, { subscription: subscription.id, action: 'cancel_now' });
    expect(now.status).toBe(400);
    const card = await submitHostedForm(portal.url, { action: 'update_card', card_number: '4242 4242 4242 4242' });
    expect(card.status).toBe(400);
    const current = await stripe.subscriptions.retrieve(subscription.id, {}, { stripeAccount: account });
    expect(current).toMatchObject({ status: 'active', cancel_at_period_end: false });

    const atEnd = await submitHostedForm(portal.url, { subscription: subscription.id, action: 'cancel_at_period_end' });
    expect(atEnd.status).toBe(303);
    const ending = await stripe.subscriptions.retrieve(subscription.id, {}, { stripeAccount: account });
    expect(ending).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });

  it("a session naming another account's configuration is refused", async () => {
    const { account, customer } = await subscriberOf('own-config@example.co.nz');
    const other = await onboardedAccount(stripe, 'other-config@example.co.nz');
    const foreign = await stripe.billingPortal.configurations.create(
      { features: { invoice_history: { enabled: true } } },
      { stripeAccount: other },
    );
    await expect(
      stripe.billingPortal.sessions.create({ customer, configuration: foreign.id }, { stripeAccount: account }),
    ).rejects.toMatchObject({ statusCode: 404, param: 'configuration' });
  });
});
