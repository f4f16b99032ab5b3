/**
 * Tip presets through the local runtime (docs/decisions.md #205): the merchant's three percentages on the
 * link, the payer's preset or own amount priced by the server on POST /api/checkout (and on Stripe's
 * Checkout), a bad choice refused with a 400 that leaves no payment, and a link made before presets.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest } from '@shared/contracts/checkout';
import {
  publicPaymentLinkSchema,
  TIP_PRESET_MESSAGE,
  TIP_PRESETS_COUNT_MESSAGE,
  TIP_PRESETS_REPEATED_MESSAGE,
  type CreatePaymentLinkInput,
} from '@shared/contracts/payment-links';
import { OWN_TIP_MISSING_MESSAGE, TIP_NOT_OFFERED_MESSAGE, TIPS_NOT_OFFERED_MESSAGE } from '@shared/tips';
import { bootWithConnectedMerchant, openCheckout, sendJson } from '../support/connected-merchant-runtime';
import { paymentRow, paymentsOfLink } from '../support/stored-rows';
import type { TestMerchant, TestRuntime } from './harness';

const FLAT_WHITE: CreatePaymentLinkInput = {
  title: 'Flat white',
  isOpenAmount: false,
  amountCents: 450,
  tipPresets: [10, 15, 20],
};

let env: TestRuntime;
let merchant: TestMerchant;

beforeAll(async () => ({ env, merchant } = await bootWithConnectedMerchant()));
afterAll(() => env?.stop());

const post = (path: string, body: unknown, token?: string) => sendJson(env, 'POST', path, body, token);
const createLink = (input: CreatePaymentLinkInput = FLAT_WHITE) => env.createLink(merchant, input);

/** The payment the checkout opened, and the lines of its Stripe Checkout session. */
async function checkout(request: CheckoutRequest) {
  const { paymentId } = await openCheckout(env, request);
  const payment = await paymentRow(env, paymentId);
  const session = await env.stripe.checkout.sessions.retrieve(
    payment.checkoutSessionId!,
    { expand: ['line_items'] },
    { stripeAccount: payment.stripeAccountId },
  );
  const lines = session.line_items!.data.map((line) => [line.description, line.amount_total]);
  return { payment, total: session.amount_total, lines };
}

describe('a link with tip presets', () => {
  it('keeps the three percentages, shows them to the payer, and keeps the first as its tipPercent', async () => {
    const link = await createLink();
    expect(link).toMatchObject({ tipPresets: [10, 15, 20], tipPercent: 10 });
    const view = publicPaymentLinkSchema.parse(await (await env.api(`/api/links/${link.linkId}`)).json());
    expect(view).toMatchObject({ tipPresets: [10, 15, 20], tipPercent: 10 });

    const none = await createLink({ ...FLAT_WHITE, title: 'Platter', tipPresets: [] });
    expect(none).toMatchObject({ tipPresets: [], tipPercent: null });
  });

  it('refuses presets out of range, repeated or more than three, in the form’s words', async () => {
    for (const [tipPresets, message] of [
      [[0, 10], TIP_PRESET_MESSAGE],
      [[10, 51], TIP_PRESET_MESSAGE],
      [[12.5], TIP_PRESET_MESSAGE],
      [[10, 10], TIP_PRESETS_REPEATED_MESSAGE],
      [[5, 10, 15, 20], TIP_PRESETS_COUNT_MESSAGE],
    ] as const) {
      const response = await post('/api/me/links', { ...FLAT_WHITE, tipPresets }, merchant.accessToken);
      expect(response.status, JSON.stringify(tipPresets)).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(message);
    }
  });

  it('prices the chosen preset on the server and on Stripe’s Checkout', async () => {
    const link = await createLink();
    // $4.50 + 15% = 67.5c → 68c, whatever total the browser might think.
    const { payment, total, lines } = await checkout({ linkId: link.linkId, tip: 'percent', tipPreset: 1, amount: 1 });
    expect(payment).toMatchObject({ baseCents: 450, tipCents: 68, totalCents: 518, tipPercent: 15 });
    expect(total).toBe(518);
    expect(lines).toEqual([
      ['Flat white', 450],
      ['Tip (15%)', 68],
    ]);
  });

  it("takes the payer's own tip in cents, named plainly", async () => {
    const link = await createLink();
    const { payment, total, lines } = await checkout({ linkId: link.linkId, tip: 'other', tipAmount: 125 });
    expect(payment).toMatchObject({ baseCents: 450, tipCents: 125, totalCents: 575, tipPercent: null });
    expect(total).toBe(575);
    expect(lines).toEqual([
      ['Flat white', 450],
      ['Tip', 125],
    ]);
  });

  it('refuses a tip the link does not offer, or an own amount out of bounds, and opens nothing', async () => {
    const link = await createLink();
    const platter = await createLink({ ...FLAT_WHITE, title: 'Platter', tipPresets: [] });
    for (const [linkId, choice, message] of [
      [link.linkId, { tip: 'percent', tipPreset: 3 }, TIP_NOT_OFFERED_MESSAGE],
      [link.linkId, { tip: 'other' }, OWN_TIP_MISSING_MESSAGE],
      [link.linkId, { tip: 'other', tipAmount: 0 }, 'Enter a tip from $0.01 to $4.50 (the amount itself).'],
      [link.linkId, { tip: 'other', tipAmount: 451 }, 'Enter a tip from $0.01 to $4.50 (the amount itself).'],
      [platter.linkId, { tip: 'other', tipAmount: 50 }, TIPS_NOT_OFFERED_MESSAGE],
      [platter.linkId, { tip: 'percent', tipPreset: 0 }, TIP_NOT_OFFERED_MESSAGE],
    ] as const) {
      const response = await post('/api/checkout', { linkId, ...choice });
      expect(response.status, JSON.stringify(choice)).toBe(400);
      expect(await response.json()).toEqual({ code: 'invalid_tip', message, fields: { tip: message } });
    }
    const wrongType = await post('/api/checkout', { linkId: link.linkId, tip: 'other', tipAmount: '1.25' });
    expect(wrongType.status).toBe(400);
    expect(await paymentsOfLink(env, link.linkId)).toEqual([]);
    expect(await paymentsOfLink(env, platter.linkId)).toEqual([]);
  });

  it('reads a link made before presets as its one percentage', async () => {
    const link = await createLink({ ...FLAT_WHITE, tipPresets: undefined, tipPercent: 12 });
    // As a row written before the field existed: no presets at all.
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.links,
        Key: { linkId: link.linkId },
        UpdateExpression: 'REMOVE tipPresets',
      }),
    );
    const view = publicPaymentLinkSchema.parse(await (await env.api(`/api/links/${link.linkId}`)).json());
    expect(view).toMatchObject({ tipPercent: 12, tipPresets: null });
    const { payment } = await checkout({ linkId: link.linkId, tip: 'percent' });
    expect(payment).toMatchObject({ tipCents: 54, tipPercent: 12 });
    const refused = await post('/api/checkout', { linkId: link.linkId, tip: 'percent', tipPreset: 1 });
    expect(refused.status).toBe(400);
  });
});
