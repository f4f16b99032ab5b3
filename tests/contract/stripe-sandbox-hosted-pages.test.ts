// What the sandbox's hosted Checkout tells the payer, as Stripe's does: the connected account's public
// business name as its heading (never the merchant's sign-in email), the name onboarding collects, and a
// subscription's free trial with the date of its first charge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitHostedForm } from '../support/stripe-sandbox';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

const SIGN_IN_EMAIL = 'mere.private@example.co.nz';

let harness: SandboxWithReceiver;

beforeAll(async () => {
  harness = await startSandboxWithReceiver('hosted_pages');
});

afterAll(async () => {
  await harness?.stop();
});

/** A merchant's account as Paylink creates it, onboarded through the hosted form with `form`'s fields. */
async function onboardedAccount(businessName: string | undefined, form: Record<string, string> = {}) {
  const { stripe } = harness;
  const account = await stripe.accounts.create({
    country: 'NZ',
    email: SIGN_IN_EMAIL,
    controller: { stripe_dashboard: { type: 'full' }, fees: { payer: 'account' }, losses: { payments: 'stripe' } },
    business_profile: { name: businessName },
  });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'http://app.test/refresh',
    return_url: 'http://app.test/return',
  });
  const onboarding = await fetch(link.url);
  const html = await onboarding.text();
  expect((await submitHostedForm(link.url, { action: 'complete', ...form })).status).toBe(303);
  return { account, onboardingHtml: html };
}

async function paymentCheckoutHtml(account: string) {
  const session = await harness.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'nzd', unit_amount: 2500, product_data: { name: 'Flat white and a muffin' } },
        },
      ],
      success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
    },
    { stripeAccount: account },
  );
  return { url: session.url!, html: await (await fetch(session.url!)).text() };
}

const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

describe('the Checkout heading', () => {
  it('is the business name the platform created the account with, not the sign-in email', async () => {
    const { account, onboardingHtml } = await onboardedAccount('Kōwhai Coffee Cart');
    expect(onboardingHtml).toMatch(/<input id="business-name" name="business_name"[^>]* value="Kōwhai Coffee Cart">/);

    const { url, html } = await paymentCheckoutHtml(account.id);
    expect(heading(html)).toBe('Kōwhai Coffee Cart');
    expect(html).toContain('<title>Pay Kōwhai Coffee Cart</title>');
    expect(html).not.toContain(SIGN_IN_EMAIL);

    // The declined-card screen is the same page again, with the card's error.
    const declined = await submitHostedForm(url, { email: 'payer@example.co.nz', card_number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    const declinedHtml = await declined.text();
    expect(heading(declinedHtml)).toBe('Kōwhai Coffee Cart');
    expect(declinedHtml).toContain('Your card was declined.');
    expect(declinedHtml).not.toContain(SIGN_IN_EMAIL);
  });

  it('is the name the merchant gave on the onboarding form, which the account then carries', async () => {
    const { account } = await onboardedAccount('Harbour Coffee Co.', { business_name: '  Harbour Roasters  ' });
    const stored = await harness.stripe.accounts.retrieve(account.id);
    expect(stored.business_profile?.name).toBe('Harbour Roasters');
    const updated = (await harness.delivered('/connect')).find(
      (event) => event.type === 'account.updated' && event.account === account.id,
    );
    expect(updated?.data.previous_attributes).toMatchObject({ business_profile: { name: 'Harbour Coffee Co.' } });

    expect(heading((await paymentCheckoutHtml(account.id)).html)).toBe('Harbour Roasters');
  });

  it('falls back to a plain heading, still without the email, when the account has no public name', async () => {
    const { account } = await onboardedAccount(undefined);
    const { html } = await paymentCheckoutHtml(account.id);
    expect(heading(html)).toBe('Checkout');
    expect(html).toContain('<title>Checkout</title>');
    expect(html).not.toContain(SIGN_IN_EMAIL);
  });
});

describe('a subscription Checkout', () => {
  function planSession(trialDays?: number) {
    return harness.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'nzd',
            unit_amount: 2900,
            recurring: { interval: 'month' },
            product_data: { name: 'Paylink Business' },
          },
        },
      ],
      subscription_data: { ...(trialDays && { trial_period_days: trialDays }) },
      success_url: 'http://app.test/dashboard?subscription=success',
    });
  }

  const longDate = (unixMs: number) =>
    new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(unixMs),
    );

  it('with the trial left says it stays free until the first charge, and that nothing is due today', async () => {
    const session = await planSession(12);
    const before = Date.now();
    const html = await (await fetch(session.url!)).text();
    const after = Date.now();
    const firstCharge = [before, after].map((now) => longDate(now + 12 * 86_400_000));
    expect(firstCharge.map((date) => `Free until ${date}, then NZD $29.00 every month`)).toContainEqual(
      /<p class="total">([^<]*)<\/p>/.exec(html)?.[1],
    );
    expect(html).toContain('Total due today <strong>NZD $0.00</strong>');
    expect(heading(html)).toBe('Paylink');

    // And the subscription it starts is trialing until that same day.
    const paid = await submitHostedForm(session.url!, { email: 'mere@example.co.nz', card_number: '4242424242424242' });
    expect(paid.status).toBe(303);
    const { subscription } = await harness.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    const trialEnd = (subscription as { trial_end: number }).trial_end;
    expect(firstCharge).toContain(longDate(trialEnd * 1000));
  });

  it('without a trial says the monthly total, with no free period', async () => {
    const html = await (await fetch((await planSession()).url!)).text();
    expect(html).toContain('Total <strong>NZD $29.00</strong> every month');
    expect(html).not.toContain('Free until');
    expect(html).not.toContain('due today');
  });
});
