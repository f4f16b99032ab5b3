import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstInInclusiveCents } from '@functions/domain/gst';
import type { MerchantRecord } from '@functions/domain/merchants';
import type { StoredRefund } from '@functions/domain/money-records';
import type { PaymentRecord } from '@functions/domain/payments';
import { receiptOf } from '@functions/domain/receipt-sending';
import { receiptTaxNow, receiptView, supplyCorrection } from '@functions/domain/receipts';
import { formatMoney } from '@shared/money';

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

/** The merchant who turned off "Show the GST on receipts of $200 or less" (docs/decisions.md #176). */
const smallReceiptGstOff = { ...merchant, tax: { ...merchant.tax!, showSmallReceiptGst: false } };

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

  it('each correction is the GST in the part of the refund that lowered the supply (docs/decisions.md #119)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 500_000 }), { maxLength: 5 }),
        (total, wanted) => {
          // Refunds never exceed what was paid, as Stripe refuses more.
          let left = total;
          const refunds = wanted
            .map((amount) => {
              const taken = Math.min(amount, left);
              left -= taken;
              return taken;
            })
            .filter((amount) => amount > 0);
          const payment = paymentOf(total, 0, refunds);
          const corrections = Object.values(payment.refunds!).map((refund) =>
            supplyCorrection(payment, refund, merchant)!,
          );
          for (const [index, correction] of corrections.entries()) {
            expect(correction.supplyCents).toBe(refunds[index]);
            expect(correction.gstCorrectionCents).toBe(gstInInclusiveCents(refunds[index]!));
          }
          // Each document is rounded on its own (s19O): what is left differs from the GST on what was kept by
          // less than a cent for each refund.
          const corrected = corrections.reduce((sum, correction) => sum + correction.gstCorrectionCents, 0);
          expect(Math.abs(gstInInclusiveCents(total) - corrected - gstInInclusiveCents(left))).toBeLessThanOrEqual(
            refunds.length,
          );
        },
      ),
    );
  });

  it('refunding only a tip outside the supply corrects no GST; the price after it corrects the price’s GST', () => {
    const outside = { ...merchant, tax: { ...merchant.tax!, tipTreatment: 'outside-supply' as const } };
    const payment = paymentOf(10_000, 1_500, [1_500, 10_000]);
    expect(supplyCorrection(payment, payment.refunds!.re_0!, outside)).toBeNull();
    expect(receiptView(payment, outside).corrections[0]!.gstText).toBeNull();
    expect(supplyCorrection(payment, payment.refunds!.re_1!, outside)).toMatchObject({
      supplyCents: 10_000,
      gstCorrectionCents: 1_304,
    });
    // A refund that is not the tip's amount gives back the price first: $20 of $100 + $15.
    const partial = paymentOf(10_000, 1_500, [2_000, 9_500]);
    expect(supplyCorrection(partial, partial.refunds!.re_0!, outside)).toMatchObject({ supplyCents: 2_000 });
    expect(supplyCorrection(partial, partial.refunds!.re_1!, outside)).toMatchObject({ supplyCents: 8_000 });
    // With tips part of the supply, the tip's refund is a refund of the supply like any other.
    expect(supplyCorrection(payment, payment.refunds!.re_0!, merchant)).toMatchObject({ gstCorrectionCents: 196 });
  });

  it('names the GST number on the receipt page’s correction even of a receipt of $200 or less', () => {
    const payment = paymentOf(2_300, 0, [2_300]);
    const view = receiptView(payment, smallReceiptGstOff);
    expect(view.gstNumber).toBeNull();
    expect(view.corrections[0]!.gstText).toBe('GST corrected by $3.00 (GST number 49-091-850)');
  });

  it('dates the receipt when the card was charged, not when Paylink recorded it', () => {
    const payment = {
      ...paymentOf(2_300, 0),
      chargedAt: '2026-11-26T10:59:00.000Z',
      settledAt: '2026-11-26T11:01:00.000Z',
    };
    // 23:59 and 00:01 in Auckland: the charge's day is the receipt's.
    expect(receiptView(payment, merchant).date).toBe('26 November 2026');
  });

  it('dates the emailed receipt as its page does: a renewal recorded after midnight keeps its charge day', () => {
    // A period's renewal charged at 23:59 and learned of at 00:01 (issue 45): one receipt, one date.
    const payment = {
      ...paymentOf(2_300, 0),
      chargedAt: '2026-11-26T10:59:00.000Z',
      settledAt: '2026-11-26T11:01:00.000Z',
    };
    const email = receiptOf(payment, merchant, 'https://pay.example');
    expect(email.text).toContain('Date: 26 Nov 2026, 11:59 pm');
    expect(email.text).not.toContain('27 Nov 2026');
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

describe('the link’s GST treatment (docs/decisions.md #136)', () => {
  it('a zero-rated sale shows GST 0% at any amount, and its refund corrects no GST', () => {
    const small = { ...paymentOf(5_000, 0, [1_000]), gstTreatment: 'zero-rated' as const };
    const view = receiptView(small, merchant);
    expect(view.gstStatement).toBe('Zero-rated supply: GST 0%, $0.00');
    expect(view.gstNumber).toBe('49-091-850');
    expect(supplyCorrection(small, small.refunds!.re_0!, merchant)).toMatchObject({
      supplyCents: 1_000,
      gstCorrectionCents: 0,
    });
  });

  it('a sale that carries no GST has no GST line, no GST number and no correction', () => {
    const exempt = { ...paymentOf(23_000, 0, [2_300]), gstTreatment: 'no-gst' as const };
    const view = receiptView(exempt, merchant);
    expect([view.gstStatement, view.gstNumber, view.corrections[0]!.gstText]).toEqual([null, null, null]);
    expect(supplyCorrection(exempt, exempt.refunds!.re_0!, merchant)).toBeNull();
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

describe('the GST on receipts of $200 or less (docs/decisions.md #176)', () => {
  const statedAt = (totalCents: number, who: MerchantRecord) => {
    const view = receiptView(paymentOf(totalCents, 0), who);
    return [view.gstStatement, view.gstNumber];
  };

  it('is stated, with the GST number, by default — a row saved before the setting existed reads as on', () => {
    expect(merchant.tax).not.toHaveProperty('showSmallReceiptGst');
    expect(statedAt(1, merchant)).toEqual(['The total includes GST $0.00', '49-091-850']);
    expect(statedAt(2_300, merchant)).toEqual(['The total includes GST $3.00', '49-091-850']);
    expect(statedAt(20_000, merchant)).toEqual(['The total includes GST $26.09', '49-091-850']);
    expect(statedAt(20_001, merchant)).toEqual(['The total includes GST $26.09', '49-091-850']);
  });

  it('is left out when the merchant turns it off; over $200 the law still asks it', () => {
    expect(statedAt(1, smallReceiptGstOff)).toEqual([null, null]);
    expect(statedAt(20_000, smallReceiptGstOff)).toEqual([null, null]);
    expect(statedAt(20_001, smallReceiptGstOff)).toEqual(['The total includes GST $26.09', '49-091-850']);
  });

  it('is the same 3/23, s19O-rounded, as every other receipt states', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), (totalCents) => {
        const statement = receiptView(paymentOf(totalCents, 0), merchant).gstStatement;
        expect(statement).toBe(`The total includes GST ${formatMoney(gstInInclusiveCents(totalCents), 'nzd')}`);
      }),
    );
  });

  it('leaves zero-rated and no-GST sales as they were, on or off', () => {
    for (const who of [merchant, smallReceiptGstOff]) {
      const zeroRated = { ...paymentOf(2_300, 0), gstTreatment: 'zero-rated' as const };
      expect(receiptView(zeroRated, who).gstStatement).toBe('Zero-rated supply: GST 0%, $0.00');
      const noGst = { ...paymentOf(2_300, 0), gstTreatment: 'no-gst' as const };
      expect([receiptView(noGst, who).gstStatement, receiptView(noGst, who).gstNumber]).toEqual([null, null]);
    }
  });

  it('stays as the receipt was issued: turning it off later, or on, changes no receipt already issued', () => {
    const issuedOn = { ...paymentOf(2_300, 0, [2_300]), receiptTax: receiptTaxNow(merchant) };
    expect(receiptView(issuedOn, smallReceiptGstOff).gstStatement).toBe('The total includes GST $3.00');
    expect(receiptView(issuedOn, smallReceiptGstOff).corrections[0]!.gstText).toBe(
      'GST corrected by $3.00 (GST number 49-091-850)',
    );
    const issuedOff = { ...paymentOf(2_300, 0), receiptTax: receiptTaxNow(smallReceiptGstOff) };
    expect(receiptView(issuedOff, merchant).gstStatement).toBeNull();
    // Issued before the setting was kept with receipts: it stated no GST at $200 or less, and still does not.
    const { showSmallReceiptGst: _unkept, ...olderSnapshot } = receiptTaxNow(merchant);
    const issuedBefore = { ...paymentOf(2_300, 0), receiptTax: olderSnapshot };
    expect(receiptView(issuedBefore, merchant).gstStatement).toBeNull();
  });
});
