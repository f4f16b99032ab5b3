/**
 * After payment (docs/decisions.md #54): a link's thank-you reaches the success page's answer as the
 * merchant wrote it, or the payer is sent to the merchant's https page with the payment id appended — and
 * the payment still settles, from Stripe's webhook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResponseSchema, paymentResultSchema } from '@shared/contracts/checkout';
import {
  AFTER_PAYMENT_BOTH_MESSAGE,
  REDIRECT_URL_MESSAGE,
  paymentLinkSchema,
  type CreatePaymentLinkInput,
} from '@shared/contracts/payment-links';
import { REDIRECT_HOST_MESSAGE } from '@shared/redirect-url';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let merchant: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
});
afterAll(async () => {
  await env?.stop();
});

function send(path: string, method: string, body: unknown, token?: string) {
  return env.api(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const createLink = (input: Partial<CreatePaymentLinkInput>) =>
  send(
    '/api/me/links',
    'POST',
    { title: 'Market preorder', isOpenAmount: false, amountCents: 1500, ...input },
    merchant.accessToken,
  );

async function payFor(linkId: string) {
  const response = await send('/api/checkout', 'POST', { linkId, tip: 'none' });
  expect(response.status).toBe(200);
  const { url, paymentId } = checkoutResponseSchema.parse(await response.json());
  const paid = await payOnHostedCheckout(url);
  await env.settle();
  return { paymentId, location: paid.headers.get('location')! };
}

describe('after payment', () => {
  it("gives the success page the merchant's thank-you, exactly as written (the page shows it as text)", async () => {
    const thankYou = 'Ngā mihi! Pick up <b>Saturday</b> from 9am & bring this page.';
    const link = paymentLinkSchema.parse(await (await createLink({ thankYouMessage: thankYou })).json());
    expect(link).toMatchObject({ thankYouMessage: thankYou, redirectUrl: null });

    const { location } = await payFor(link.linkId);
    const successUrl = new URL(location);
    expect(successUrl.pathname).toBe('/payment-success');
    const result = paymentResultSchema.parse(
      await (await env.api(`/api/checkout/${successUrl.searchParams.get('session_id')}`)).json(),
    );
    expect(result).toMatchObject({ status: 'succeeded', thank_you_message: thankYou });

    // A link without one answers null: the page shows its own words only.
    const plain = paymentLinkSchema.parse(await (await createLink({})).json());
    const plainPaid = new URL((await payFor(plain.linkId)).location);
    const plainResult = paymentResultSchema.parse(
      await (await env.api(`/api/checkout/${plainPaid.searchParams.get('session_id')}`)).json(),
    );
    expect(plainResult.thank_you_message).toBeNull();
  });

  it("sends the payer to the merchant's https page with payment_id appended, and the webhook still settles it", async () => {
    const created = await createLink({ redirectUrl: '  https://shop.example.co.nz/thanks?order=7  ' });
    expect(created.status).toBe(201);
    const link = paymentLinkSchema.parse(await created.json());
    expect(link.redirectUrl).toBe('https://shop.example.co.nz/thanks?order=7');

    const { paymentId, location } = await payFor(link.linkId);
    const landed = new URL(location);
    expect(landed.origin + landed.pathname).toBe('https://shop.example.co.nz/thanks');
    expect(landed.searchParams.get('order')).toBe('7');
    expect(landed.searchParams.get('payment_id')).toBe(paymentId);
    expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
  });

  it('refuses anything but an https address, both choices at once, and an over-long thank-you, in words', async () => {
    for (const redirectUrl of ['http://shop.example.co.nz/thanks', 'javascript:alert(1)', 'shop']) {
      const refused = await createLink({ redirectUrl });
      expect(refused.status, redirectUrl).toBe(400);
      expect((await refused.json()).fields.redirectUrl).toBe(REDIRECT_URL_MESSAGE);
    }
    const local = await createLink({ redirectUrl: 'https://localhost/x' });
    expect((await local.json()).fields.redirectUrl).toBe(REDIRECT_HOST_MESSAGE);
    const both = await createLink({ thankYouMessage: 'Thanks!', redirectUrl: 'https://shop.example.co.nz/' });
    expect(both.status).toBe(400);
    expect((await both.json()).fields.redirectUrl).toBe(AFTER_PAYMENT_BOTH_MESSAGE);
    const long = await createLink({ thankYouMessage: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect((await long.json()).fields.thankYouMessage).toBe('Use at most 500 characters.');
  });
});
