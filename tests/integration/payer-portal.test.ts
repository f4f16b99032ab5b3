/**
 * Issue 45's last gaps, through the local runtime and the Stripe sandbox end to end. The receipt's manage link
 * opens the billing portal with Paylink's own configuration on the merchant's connected account — an account
 * that never saved portal settings has no default, and Stripe refuses a session that names none (#253). And a
 * merchant whose own plan lapsed keeps their subscribers renewing, while the link takes no new sign-ups (#159).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantStore } from '@functions/adapters/merchant-store';
import { PAYER_PORTAL_MARK } from '@functions/domain/subscription-manage';
import { subscriberListSchema } from '@shared/contracts/subscribers';
import { LINK_NOT_ACCEPTING_MESSAGE } from '@shared/payment-messages';
import { emailsTo, waitForEmail } from '../support/mailbox';
import { WEEK_SECONDS, subscribeThroughLink, type RecurringPayer } from '../support/recurring-payer';
import { merchantPayments } from '../support/stored-rows';
import { submitHostedForm } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;

beforeAll(async () => {
  env = await bootLocalRuntime();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

/** Where the payer's latest receipt's "Cancel or change your card" link sends them: the portal's address. */
async function openManageLink(payer: RecurringPayer, receipts = 1) {
  const receipt = await waitForEmail(env.runtime.mailbox.url, payer.email, {
    subject: /Your receipt/,
    count: receipts,
  });
  const manage = new URL(/https?:\/\/\S+\/api\/subscriptions\/manage\/\S+/.exec(receipt.body.text ?? '')![0]);
  const opened = await env.api(`${manage.pathname}${manage.search}`, { redirect: 'manual' });
  expect(opened.status, await opened.clone().text()).toBe(303);
  return opened.headers.get('location')!;
}

function portalConfigurationsOn(account: string) {
  return env.stripe.billingPortal.configurations.list({ limit: 100 }, { stripeAccount: account });
}

describe("the payer's manage link on a connected account with no default portal configuration", () => {
  it("opens a portal with Paylink's configuration: cancel now, update the card, the invoices; made once per account", async () => {
    const merchant = await env.connectedMerchant();
    const payer = await subscribeThroughLink(env, merchant, { title: 'Swim squad' });
    // As Stripe: the merchant's account has saved no portal settings of its own.
    expect((await portalConfigurationsOn(payer.account)).data).toEqual([]);

    const portal = await openManageLink(payer);
    const page = await (await fetch(portal)).text();
    expect(page).toContain('NZD $25.00');
    expect(page).toContain('Cancel now');
    expect(page).not.toContain('Cancel at period end');
    expect(page).toContain('Update card');
    expect(page).toContain('Invoice history');

    const [configuration, ...others] = (await portalConfigurationsOn(payer.account)).data;
    expect(others).toEqual([]);
    expect(configuration).toMatchObject({
      is_default: false,
      metadata: { paylink: PAYER_PORTAL_MARK },
      features: {
        subscription_cancel: { enabled: true, mode: 'immediately', proration_behavior: 'none' },
        payment_method_update: { enabled: true },
        invoice_history: { enabled: true },
        customer_update: { enabled: false },
        subscription_update: { enabled: false },
      },
    });
    expect((await merchantStore.get(merchant.sub))?.payerPortalConfigurationId).toBe(configuration!.id);

    // A second payer of the same merchant, and the first again: the same configuration, no new one.
    const second = await subscribeThroughLink(env, merchant, { title: 'Swim squad juniors' });
    await openManageLink(second);
    await openManageLink(payer);
    expect((await portalConfigurationsOn(payer.account)).data.map((entry) => entry.id)).toEqual([configuration!.id]);

    // And the portal does what the receipt promises: the payer cancels, and the merchant's screen says so.
    const cancelled = await submitHostedForm(portal, { subscription: payer.subscriptionId, action: 'cancel_now' });
    expect(cancelled.status).toBeLessThan(400);
    await env.settle();
    expect((await payer.subscription()).status).toBe('canceled');
  });

  it('two payers opening their links at once on a new account make one configuration', async () => {
    const merchant = await env.connectedMerchant();
    const first = await subscribeThroughLink(env, merchant, { title: 'Choir' });
    const second = await subscribeThroughLink(env, merchant, { title: 'Choir, second voice' });
    await Promise.all([openManageLink(first), openManageLink(second)]);
    const { data } = await portalConfigurationsOn(first.account);
    expect(data).toHaveLength(1);
    expect((await merchantStore.get(merchant.sub))?.payerPortalConfigurationId).toBe(data[0]!.id);
  });
});

describe('a merchant whose own plan lapsed (#159)', () => {
  async function lapse(merchant: TestMerchant) {
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.merchants,
        Key: { merchantId: merchant.sub },
        UpdateExpression: 'SET trialEndsAt = :ended REMOVE subscription',
        ExpressionAttributeValues: { ':ended': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
  }

  it('keeps their subscribers renewing and receipted, and takes no new sign-up', async () => {
    const merchant = await env.connectedMerchant();
    const payer = await subscribeThroughLink(env, merchant, { title: 'Tuesday pottery' });
    await waitForEmail(env.runtime.mailbox.url, payer.email, { subject: /Your receipt/ });
    await lapse(merchant);

    const plan = await env.api('/api/me/subscription', { token: merchant.accessToken });
    expect(await plan.json()).toMatchObject({ subscribed: false, access: 'expired' });

    await payer.advance(WEEK_SECONDS);
    const periods = (await merchantPayments(env, merchant.sub)).filter(
      (payment) => payment.paymentId === payer.paymentId || payment.subscriptionId === payer.subscriptionId,
    );
    expect(periods).toHaveLength(2);
    expect(periods.map((payment) => payment.status)).toEqual(['succeeded', 'succeeded']);
    // The renewal is the invoice Stripe charged after the lapse, with a receipt number of its own.
    const renewal = periods.find((payment) => payment.invoiceId)!;
    expect(renewal.totalCents).toBe(2500);
    expect(new Set(periods.map((payment) => payment.receiptNumber)).size).toBe(2);
    const receipts = (await emailsTo(env.runtime.mailbox.url, payer.email)).filter((mail) =>
      /Your receipt/.test(mail.subject),
    );
    expect(receipts).toHaveLength(2);
    const listed = await env.api(`/api/me/subscribers?linkId=${payer.linkId}`, { token: merchant.accessToken });
    expect(listed.status).toBe(200);
    expect(subscriberListSchema.parse(await listed.json()).subscribers[0]).toMatchObject({
      status: 'active',
      paymentsMade: 2,
    });
    // The lapsed payer's manage link still opens their portal.
    await openManageLink(payer, 2);

    // A new payer on the same link is refused before any Checkout opens.
    const signUp = await env.api('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkId: payer.linkId, tip: 'none' }),
    });
    expect(signUp.status).toBe(409);
    expect(await signUp.json()).toMatchObject({ code: 'not_accepting_payments', message: LINK_NOT_ACCEPTING_MESSAGE });
  });
});
