/**
 * Issue 23: mail while SES is unverified or still in its sandbox. The local mailbox is switched to refuse
 * every recipient that is not verified, exactly as SES does (400 MessageRejected, "Email address is not
 * verified…"). A payer's receipt, a refund notice and a magic link are then refused: the payer is told in
 * words, the merchant sees on the payment that the email did not go and why, no consumer fails or
 * dead-letters, and the money is recorded as ever. Verifying the address lets the same receipt through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_REFUSED_MESSAGE } from '@functions/domain/receipt-sending';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { paymentDetailSchema, type PaymentDetail } from '@shared/contracts/payments';
import { paymentLinkSchema } from '@shared/contracts/payment-links';
import { SES_SANDBOX_PATH } from '@infra/local/mailbox';
import { emailsTo, waitForEmail } from '../support/mailbox';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let merchant: TestMerchant;
const payer = `payer-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

function post(path: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  return env.api(path, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function sesSandbox(verified: string[] | 'off', options: { grantScopedToSender?: boolean } = {}) {
  const response = await fetch(`${env.runtime.mailbox.url}${SES_SANDBOX_PATH}`, {
    method: verified === 'off' ? 'DELETE' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: verified === 'off' ? undefined : JSON.stringify({ verified, ...options }),
  });
  expect(response.status).toBe(200);
}

async function detail(paymentId: string): Promise<PaymentDetail> {
  const response = await env.api(`/api/me/payments/${paymentId}`, { token: merchant.accessToken });
  expect(response.status).toBe(200);
  return paymentDetailSchema.parse(await response.json());
}

/** Every delivery to `functionName` so far succeeded on its first attempt, and nothing waits as a dead letter. */
function consumedCleanly(functionName: string) {
  const deliveries = env.runtime.bus.deliveries.filter((delivery) => delivery.functionName === functionName);
  expect(deliveries.length).toBeGreaterThan(0);
  expect(deliveries.map(({ ok, attempts, error }) => ({ ok, attempts, error }))).toEqual(
    deliveries.map(() => ({ ok: true, attempts: 1, error: undefined })),
  );
  expect(env.runtime.bus.deadLetters.list()).toEqual([]);
}

describe('while SES refuses unverified recipients (its sandbox)', () => {
  let paymentId: string;
  let sessionId: string;

  beforeAll(async () => {
    await sesSandbox([merchant.email]);
    const link = await post(
      '/api/me/links',
      { title: 'Sandbox scone', isOpenAmount: false, amountCents: 1200, tipPercent: 0 },
      merchant.accessToken,
    );
    expect(link.status).toBe(201);
    const { linkId } = paymentLinkSchema.parse(await link.json());
    const checkout = await post('/api/checkout', { linkId, tip: 'none' });
    expect(checkout.status).toBe(200);
    const started = checkoutResponseSchema.parse(await checkout.json());
    paymentId = started.paymentId;
    const paid = await payOnHostedCheckout(started.url, { email: payer, name: 'Mere Payer' });
    expect([302, 303]).toContain(paid.status);
    await env.settle();
    const row = await paymentRow(env, paymentId);
    expect(row.status).toBe('succeeded');
    sessionId = row.checkoutSessionId!;
  }, 60_000);

  it('the mailbox refuses as SES does: MessageRejected, naming the address', async () => {
    const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    const ses = new SESv2Client({
      endpoint: env.runtime.mailbox.url,
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const send = (to: string) =>
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'no-reply@paylink.test',
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hi' } } } },
        }),
      );
    await expect(send(payer)).rejects.toMatchObject({
      name: 'MessageRejected',
      message: expect.stringContaining(`Email address is not verified. The following identities failed the check`),
    });
    await expect(send(merchant.email)).resolves.toMatchObject({ MessageId: expect.any(String) });
  });

  it("a payer's receipt: 503 in words, nothing sent, and the merchant sees why on the payment", async () => {
    const refused = await post(`/api/checkout/${sessionId}/receipt`, { email: payer });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: 'email_unavailable', message: RECEIPT_REFUSED_MESSAGE });
    expect(await emailsTo(env.runtime.mailbox.url, payer)).toEqual([]);

    const shown = await detail(paymentId);
    expect(shown.status).toBe('succeeded');
    expect(shown.emailRefusal).toMatchObject({
      kind: 'receipt',
      reason: expect.stringMatching(/sandbox[\s\S]*MessageRejected: Email address is not verified/),
    });
  });

  it("a refund made in Stripe's dashboard: the consumer records it, its notice is refused, and it neither fails nor retries", async () => {
    const row = await paymentRow(env, paymentId);
    await env.stripe.refunds.create(
      { payment_intent: row.paymentIntentId!, amount: 300 },
      { stripeAccount: row.stripeAccountId },
    );
    await env.settle();
    const shown = await detail(paymentId);
    expect(shown).toMatchObject({ moneyState: 'partially_refunded', refundedCents: 300 });
    expect(shown.emailRefusal).toMatchObject({
      kind: 'refund_notice',
      reason: expect.stringContaining('not verified'),
    });
    expect(await emailsTo(env.runtime.mailbox.url, payer)).toEqual([]);
    consumedCleanly('apply-stripe-money-event');
  });

  it('a refund notice: the refund is made and counted, the consumer succeeds once, and the merchant sees the notice was refused', async () => {
    const before = (await detail(paymentId)).emailRefusal!.at;
    const refund = await post(
      `/api/me/payments/${paymentId}/refunds`,
      { amountCents: 500, reason: 'requested_by_customer' },
      merchant.accessToken,
      { 'idempotency-key': 'sandbox-refund-0001' },
    );
    expect(refund.status, await refund.clone().text()).toBe(201);
    await env.settle();

    const shown = await detail(paymentId);
    expect(shown).toMatchObject({ moneyState: 'partially_refunded', refundedCents: 800 });
    expect(shown.emailRefusal).toMatchObject({
      kind: 'refund_notice',
      reason: expect.stringContaining('not verified'),
    });
    expect(shown.emailRefusal!.at > before).toBe(true);
    expect(await emailsTo(env.runtime.mailbox.url, payer)).toEqual([]);
    consumedCleanly('apply-stripe-money-event');
    consumedCleanly('apply-stripe-payment-event');
  });

  it('a magic link to an unverified merchant is refused and logged, not retried into dead letters', async () => {
    const other = await env.createMerchant();
    const requested = await post('/api/auth/magic-link', { email: other.email });
    expect(requested.status).toBe(202);
    await env.settle();
    consumedCleanly('send-magic-link');
    expect(await emailsTo(env.runtime.mailbox.url, other.email)).toEqual([]);
  });

  it("SES's AccessDenied (the sandbox checking the grant on a verified recipient's identity) is a refusal too, not a fault to retry", async () => {
    await sesSandbox([merchant.email, payer], { grantScopedToSender: true });
    const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    const ses = new SESv2Client({
      endpoint: env.runtime.mailbox.url,
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await expect(
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'no-reply@paylink.test',
          Destination: { ToAddresses: [payer] },
          Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hi' } } } },
        }),
      ),
    ).rejects.toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 403 } });

    const refused = await post(`/api/checkout/${sessionId}/receipt`, { email: payer });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: 'email_unavailable', message: RECEIPT_REFUSED_MESSAGE });
    expect(await emailsTo(env.runtime.mailbox.url, payer)).toEqual([]);
    expect((await detail(paymentId)).emailRefusal).toMatchObject({
      kind: 'receipt',
      reason: expect.stringMatching(/not allowed to send[\s\S]*AccessDeniedException: User .* is not authorized/),
    });
  });

  it('once the address is verified, the same receipt goes', async () => {
    await sesSandbox([merchant.email, payer]);
    const sent = await post(`/api/checkout/${sessionId}/receipt`, { email: payer });
    expect(sent.status).toBe(202);
    await waitForEmail(env.runtime.mailbox.url, payer, { subject: /Your receipt/ });
    await sesSandbox('off');
  });
});
