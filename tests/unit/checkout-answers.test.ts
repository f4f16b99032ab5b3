/**
 * A link's questions as Checkout is asked them, and the payer's answers as the settling write takes them
 * from the session (docs/decisions.md #76).
 */
import { describe, expect, it } from 'vitest';
import { createPaymentLinkSchema } from '@shared/contracts/payment-links';
import { checkoutQuestionsOf } from '@functions/domain/checkout';
import { customFieldsOf } from '@functions/domain/payment-links';
import { answersOf, payerNameOf } from '@functions/domain/settlement-details';
import type { StripeCustomFieldAnswer } from '@functions/domain/stripe-port';

const SIZE: StripeCustomFieldAnswer = {
  key: 'field1',
  type: 'dropdown',
  label: { custom: 'Size' },
  dropdown: {
    value: 'option2',
    options: [
      { value: 'option1', label: 'Small' },
      { value: 'option2', label: 'Large' },
    ],
  },
};

describe('checkoutQuestionsOf', () => {
  it("gives Checkout the link's questions with Paylink's keys, optional where not required, and the phone", () => {
    const input = createPaymentLinkSchema.parse({
      title: 'Club T-shirt',
      isOpenAmount: false,
      amountCents: 3000,
      customFields: [
        { type: 'dropdown', label: ' Size ', options: ['Small', ' Large'] },
        { type: 'numeric', label: 'Table', required: false, options: ['ignored'] },
      ],
      collectPhone: true,
    });
    expect(checkoutQuestionsOf({ customFields: customFieldsOf(input.customFields), collectPhone: true })).toEqual({
      custom_fields: [
        {
          key: 'field1',
          type: 'dropdown',
          label: { type: 'custom', custom: 'Size' },
          optional: false,
          dropdown: {
            options: [
              { value: 'option1', label: 'Small' },
              { value: 'option2', label: 'Large' },
            ],
          },
        },
        { key: 'field2', type: 'numeric', label: { type: 'custom', custom: 'Table' }, optional: true },
      ],
      phone_number_collection: { enabled: true },
    });
  });

  it('asks nothing of a link without questions (links made before they existed included)', () => {
    expect(checkoutQuestionsOf({ customFields: [], collectPhone: false })).toEqual({});
    expect(checkoutQuestionsOf({})).toEqual({});
  });
});

describe('answersOf', () => {
  it('takes a choice by its label, text and digits as typed, and the phone', () => {
    const answers = answersOf({
      custom_fields: [
        SIZE,
        { key: 'field2', type: 'text', label: { custom: 'Name on the cake' }, text: { value: ' Aroha ' } },
        { key: 'field3', type: 'numeric', label: { custom: 'Candles' }, numeric: { value: '7' } },
      ],
      customer_details: { name: null, email: null, phone: '+64211234567' },
    });
    expect(answers).toEqual({
      customFields: [
        { key: 'field1', label: 'Size', value: 'Large' },
        { key: 'field2', label: 'Name on the cake', value: 'Aroha' },
        { key: 'field3', label: 'Candles', value: '7' },
      ],
      payerPhone: '+64211234567',
    });
  });

  it('leaves out a blank answer, and removes what a reader cannot see', () => {
    const answers = answersOf({
      custom_fields: [
        { key: 'field1', type: 'text', label: { custom: 'Note' }, text: { value: null } },
        { key: 'field2', type: 'text', label: { custom: 'Name' }, text: { value: 'Ana\u202Exe.fdp\nline' } },
      ],
      customer_details: null,
    });
    expect(answers).toEqual({
      customFields: [{ key: 'field2', label: 'Name', value: 'Anaxe.fdp line' }],
      payerPhone: null,
    });
  });

  it('writes nothing of its own for a session without questions', () => {
    expect(answersOf({ customer_details: { name: 'Mere', email: 'mere@example.co.nz' } })).toEqual({
      payerPhone: null,
    });
  });
});

describe('payerNameOf (docs/decisions.md #122)', () => {
  it('takes the individual or business name Checkout collected, not the cardholder’s', () => {
    const card = { customer_details: { name: 'CARDHOLDER J BLOGGS', email: null } };
    expect(payerNameOf({ ...card, collected_information: { individual_name: 'Hemi Walker' } })).toBe('Hemi Walker');
    expect(payerNameOf({ ...card, collected_information: { business_name: 'Kōwhai Ltd' } })).toBe('Kōwhai Ltd');
    expect(
      payerNameOf({ ...card, collected_information: { individual_name: 'Hemi Walker', business_name: 'Kōwhai Ltd' } }),
    ).toBe('Hemi Walker (Kōwhai Ltd)');
    // A session that collected no name (made before name collection was asked for) keeps the customer's name.
    expect(payerNameOf({ ...card, collected_information: null })).toBe('CARDHOLDER J BLOGGS');
  });
});
