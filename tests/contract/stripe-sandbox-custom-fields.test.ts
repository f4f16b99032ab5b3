// The sandbox's Checkout `custom_fields` and `phone_number_collection`, driven by the real `stripe` SDK:
// Stripe's limits refused with Stripe's errors, the questions on the hosted page, and the answers on the
// session and in its `checkout.session.completed` event, where Stripe puts them (docs/decisions.md #76).
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitHostedForm } from '../support/stripe-sandbox';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

let harness: SandboxWithReceiver;
let account: string;

beforeAll(async () => {
  harness = await startSandboxWithReceiver('custom_fields');
  const created = await harness.stripe.accounts.create({
    type: 'standard',
    country: 'NZ',
    email: 'tees@example.co.nz',
  });
  const link = await harness.stripe.accountLinks.create({
    account: created.id,
    type: 'account_onboarding',
    refresh_url: 'http://app.test/refresh',
    return_url: 'http://app.test/return',
  });
  await (await fetch(link.url)).arrayBuffer();
  expect((await submitHostedForm(link.url, { action: 'complete' })).status).toBe(303);
  account = created.id;
});
afterAll(async () => {
  await harness?.stop();
});

type Fields = Stripe.Checkout.SessionCreateParams.CustomField[];

const SIZE: Fields[number] = {
  key: 'field1',
  type: 'dropdown',
  label: { type: 'custom', custom: 'Size' },
  optional: false,
  dropdown: {
    options: [
      { label: 'Small', value: 'option1' },
      { label: 'Large', value: 'option2' },
    ],
  },
};
const NOTE: Fields[number] = { key: 'field2', type: 'text', label: { type: 'custom', custom: 'Note' }, optional: true };

function session(customFields: Fields, phone = false) {
  return harness.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'nzd', unit_amount: 3000, product_data: { name: 'Club T-shirt' } } },
      ],
      custom_fields: customFields,
      ...(phone && { phone_number_collection: { enabled: true } }),
      success_url: 'http://app.test/paid?session={CHECKOUT_SESSION_ID}',
    },
    { stripeAccount: account },
  );
}

describe("Stripe's limits", () => {
  it.each([
    ['four fields', [SIZE, NOTE, { ...NOTE, key: 'field3' }, { ...NOTE, key: 'field4' }], 'custom_fields'],
    ['a key that is not alphanumeric', [{ ...NOTE, key: 'field-2' }], 'custom_fields[0][key]'],
    ['two fields of one key', [NOTE, NOTE], 'custom_fields[1][key]'],
    [
      'a label over 50 characters',
      [{ ...NOTE, label: { type: 'custom', custom: 'x'.repeat(51) } }],
      'custom_fields[0][label][custom]',
    ],
    ['a dropdown without options', [{ ...SIZE, dropdown: { options: [] } }], 'custom_fields[0][dropdown][options]'],
  ] as [string, Fields, string][])('refuses %s', async (_name, fields, param) => {
    const error = await session(fields).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, param });
  });
});

describe('asked on the hosted page, answered on the session', () => {
  it('refuses to charge without the required answers, then returns them on the session and in the event', async () => {
    const created = await session([SIZE, NOTE], true);
    expect(created.custom_fields).toEqual([
      expect.objectContaining({
        key: 'field1',
        type: 'dropdown',
        optional: false,
        dropdown: expect.objectContaining({ value: null }),
      }),
      expect.objectContaining({
        key: 'field2',
        type: 'text',
        optional: true,
        text: expect.objectContaining({ value: null }),
      }),
    ]);
    const html = await (await fetch(created.url!)).text();
    expect(html).toContain(
      '<label for="custom_field_field1">Size</label><select id="custom_field_field1" name="custom_field_field1" required>',
    );
    expect(html).toContain('<label for="custom_field_field2">Note (optional)</label>');
    expect(html).toContain('<label for="phone">Phone number</label>');

    const card = { email: 'hemi@example.co.nz', name: 'Hemi Walker', card_number: '4242 4242 4242 4242' };
    const refused = await submitHostedForm(created.url!, {
      ...card,
      custom_field_field1: 'option9',
      phone: '021 555 0123',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Choose one of the options for “Size”.');
    const paid = await submitHostedForm(created.url!, {
      ...card,
      custom_field_field1: 'option2',
      phone: '021 555 0123',
    });
    expect(paid.status).toBe(303);

    const read = await harness.stripe.checkout.sessions.retrieve(created.id, {}, { stripeAccount: account });
    expect(read.custom_fields.map((field) => field.dropdown?.value ?? field.text?.value)).toEqual(['option2', null]);
    expect(read.customer_details?.phone).toBe('+64215550123');
    const completed = (await harness.delivered('/connect')).find(
      (event) => event.type === 'checkout.session.completed' && (event.data.object as { id: string }).id === created.id,
    );
    const object = completed?.data.object as Stripe.Checkout.Session;
    expect(object.custom_fields[0]?.dropdown?.value).toBe('option2');
    expect(object.customer_details?.phone).toBe('+64215550123');
  });
});
