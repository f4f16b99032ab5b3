/**
 * A recurring payment's receipt email (docs/decisions.md #157, #190): the way to stop paying is a link the payer
 * taps, beside what repeats; the text part writes its address out. A one-off payment's receipt has neither.
 */
import { describe, expect, it } from 'vitest';
import { paymentReceiptEmail, type ReceiptDetails } from '@functions/domain/emails';

const MANAGE_URL = 'https://pay.example/api/subscriptions/manage/rct_abc?k=key&x=1';

const receipt: ReceiptDetails = {
  businessName: 'Kōwhai Yoga',
  item: 'Thursday night yoga',
  currency: 'nzd',
  baseCents: 2500,
  tipCents: 0,
  totalCents: 2500,
  paidAt: '2026-12-06T05:00:00.000Z',
  timeZone: 'Pacific/Auckland',
  transactionId: 'pay_abc',
  card: 'Visa •••• 4242',
  stripeReceiptUrl: null,
};

describe("a recurring payment's receipt", () => {
  it('says what repeats and links the way to cancel or change the card', () => {
    const email = paymentReceiptEmail({
      ...receipt,
      recurring: { terms: 'NZD $25.00 every week', manageUrl: MANAGE_URL },
    });
    expect(email.html).toContain('This payment repeats: NZD $25.00 every week.');
    expect(email.html).toMatch(
      /<a href="https:\/\/pay\.example\/api\/subscriptions\/manage\/rct_abc\?k=key&amp;x=1"[^>]*>Cancel or change your card at any time<\/a>/,
    );
    expect(email.text).toContain(`Cancel or change your card at any time: ${MANAGE_URL}`);
  });

  it('is not there on a one-off payment', () => {
    const email = paymentReceiptEmail(receipt);
    expect(email.html).not.toContain('Cancel or change your card');
    expect(email.text).not.toContain('repeats');
  });
});
