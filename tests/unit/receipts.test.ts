import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstInInclusiveCents } from '@functions/domain/gst';
import type { MerchantRecord } from '@functions/domain/merchants';
import type { StoredRefund } from '@functions/domain/money-records';
import type { PaymentRecord } from '@functions/domain/payments';
import { receiptTaxNow, receiptView, supplyCorrection } from '@functions/domain/receipts';

const merchant = {
  merchantId: 'm1',
  email: 'owner@example.co.nz',
  fullName: 'Aroha Owner',
  companyName: 'Kōwhai Cafe',
  timeZone: 'Pacific/Auckland',
  tax: {
    gstRegistered: true,
    gstNumber: '49091850',
    legalName: 'Kōwhai Cafe Limited',
    address: null,
    tipTreatment: 'part-of-supply',
  },
} as MerchantRecord;

function paymentOf(baseCents: number, tipCents: number, refundCents: number[] = []): PaymentRecord {
  const refunds: Record<string, StoredRefund> = Object.fromEntries(
    refundCents.map((amountCents, index) => [
      `re_${index}`,
      {
        refundId: `re_${index}`,
        amountCents,
        currency: 'nzd',
        status: 'succeeded',
        reason: null,
        failureReason: null,
        createdAt: '2026-11-27T01:00:00.000Z',
        position: index + 1,
      },
    ]),
  );
  return {
    paymentId: 'pay_1',
    merchantId: 'm1',
    linkId: 'l1',
    linkTitle: 'Catering platter',
    linkDescription: null,
    stripeAccountId: 'acct_1',
    currency: 'nzd',
    baseCents,
    tipCents,
    tipPercent: null,
    totalCents: baseCents + tipCents,
    productFeeCents: 0,
    status: 'succeeded',
    statusRank: 3,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
    receiptNumber: 7,
    refunds,
  };
}

describe('supply corrections', () => {
  it('a $23 refund of a $230 supply corrects GST by $3.00, naming the original receipt', () => {
    const payment = paymentOf(23_000, 0, [2_300]);
    expect(supplyCorrection(payment, payment.refunds!.re_0!, merchant)).toMatchObject({
      supplierName: 'Kōwhai Cafe Limited',
      gstNumber: '49-091-850',
      originalReceiptNumber: 7,
      refundCents: 2_300,
      gstCorrectionCents: 300,
    });
  });

  it('none for a merchant not registered', () => {
    const payment = paymentOf(23_000, 0, [2_300]);
    const unregistered = { ...merchant, tax: { ...merchant.tax!, gstRegistered: false } };
    expect(supplyCorrection(payment, payment.refunds!.re_0!, unregistered)).toBeNull();
  });

  it('the receipt’s GST less every correction is the GST on what was kept, to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 500_000 }), { maxLength: 5 }),
        (total, wanted) => {
          // Refunds never exceed what was paid, as Stripe refuses more.
          let left = total;
          const refunds = wanted.map((amount) => {
            const taken = Math.min(amount, left);
            left -= taken;
            return taken;
          });
          const payment = paymentOf(
            total,
            0,
            refunds.filter((amount) => amount > 0),
          );
          const corrected = Object.values(payment.refunds!).reduce(
            (sum, refund) => sum + supplyCorrection(payment, refund, merchant)!.gstCorrectionCents,
            0,
          );
          expect(gstInInclusiveCents(total) - corrected).toBe(gstInInclusiveCents(left));
        },
      ),
    );
  });
});

describe('the receipt’s words', () => {
  it('leaves a tip outside the GST when the merchant says tips are outside the supply', () => {
    const outside = { ...merchant, tax: { ...merchant.tax!, tipTreatment: 'outside-supply' as const } };
    const view = receiptView(paymentOf(23_000, 2_000), outside);
    expect(view.gstStatement).toBe('The price of $230.00 includes GST $30.00; the tip is not part of it.');
    expect(view.lines).toContainEqual(['Tip (not part of the GST-inclusive price)', '$20.00']);
  });

  it('counts the tip in by default: $230 + $20 includes GST $32.61', () => {
    expect(receiptView(paymentOf(23_000, 2_000), merchant).gstStatement).toBe('The total includes GST $32.61');
  });
});

describe('the tax settings a receipt was issued under (docs/decisions.md #97)', () => {
  const unregistered = { ...merchant, tax: { ...merchant.tax!, gstRegistered: false, gstNumber: null } };

  it('are what the merchant’s settings said when it was issued, whatever they say now', () => {
    const issued = { ...paymentOf(23_000, 2_000, [25_000]), receiptTax: receiptTaxNow(merchant) };
    const view = receiptView(issued, unregistered);
    expect(view.supplierName).toBe('Kōwhai Cafe Limited');
    expect(view.gstNumber).toBe('49-091-850');
    expect(view.gstStatement).toBe('The total includes GST $32.61');
    expect(supplyCorrection(issued, issued.refunds!.re_0!, unregistered)).toMatchObject({
      gstNumber: '49-091-850',
      gstCorrectionCents: 3261,
    });

    const issuedUnregistered = { ...paymentOf(23_000, 0, [2_300]), receiptTax: receiptTaxNow(unregistered) };
    expect(receiptView(issuedUnregistered, merchant).gstStatement).toBeNull();
    expect(supplyCorrection(issuedUnregistered, issuedUnregistered.refunds!.re_0!, merchant)).toBeNull();
  });

  it('fall back to the merchant’s settings as they are for a payment receipted before they were kept', () => {
    const older = paymentOf(23_000, 0);
    expect(receiptView(older, merchant).gstStatement).toBe('The total includes GST $30.00');
    expect(receiptView(older, unregistered).gstStatement).toBeNull();
  });

  it('keep no GST number for a merchant not registered', () => {
    const stale = { ...merchant, tax: { ...merchant.tax!, gstRegistered: false } };
    expect(receiptTaxNow(stale)).toMatchObject({ gstRegistered: false, gstNumber: null });
    expect(receiptTaxNow(undefined)).toMatchObject({ gstRegistered: false, supplierName: 'Paylink merchant' });
  });
});
