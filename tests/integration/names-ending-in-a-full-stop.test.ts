/**
 * A business named "Harbour Coffee Co." (or a link titled "Catering, etc.") ends a sentence with its own full
 * stop: every email and page that puts the name last in a sentence reads "Co." and never "Co.."
 * (shared/sentence-end.ts). Read as the recipient reads them: the request from the mailbox, its unsubscribe
 * page and the receipt page from the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootWithConnectedMerchant } from '../support/connected-merchant-runtime';
import { linkIn, waitForEmail } from '../support/mailbox';
import { requestSender, SUBSCRIBED } from '../support/payment-requests';
import type { TestMerchant, TestRuntime } from './harness';

const BUSINESS = 'Harbour Coffee Co.';

let env: TestRuntime;
let merchant: TestMerchant;

const newAddress = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
/** The words a person reads: the HTML without its tags. */
const wordsOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  ({ env, merchant } = await bootWithConnectedMerchant({}, { companyName: BUSINESS, ...SUBSCRIBED }));
});
afterAll(() => env?.stop());

describe('a name that ends in a full stop', () => {
  it("ends the request email's sentences once, in the HTML and the plain text, and its unsubscribe page's", async () => {
    const payerEmail = newAddress('request');
    const request = await requestSender(env, () => ({})).sent(merchant, {
      payerEmail,
      title: 'Catering, etc.',
      amountCents: 8_000,
    });
    const email = await waitForEmail(env.runtime.mailbox.url, payerEmail, { subject: /payment request/ });
    for (const words of [email.body.text!, wordsOf(email.body.html!)]) {
      expect(words).toContain(`${BUSINESS} asks you to pay $80.00 for Catering, etc.`);
      expect(words).toContain(`sent this request for ${BUSINESS} If you have paid already`);
      expect(words).not.toContain('..');
    }

    const page = await env.api(`/unsubscribe/${request.requestId}`);
    const words = wordsOf(await page.text());
    expect(words).toContain(`another request or reminder from ${BUSINESS}`);
    expect(words).not.toContain('..');
  });

  it('ends the receipt page’s footer once', async () => {
    const payer = newAddress('receipt');
    await env.paidPayment(merchant, undefined, { payer: { email: payer } });
    const receipt = await waitForEmail(env.runtime.mailbox.url, payer, { subject: /receipt/i, timeoutMs: 15_000 });
    const page = await fetch(linkIn(receipt, '/r/'));
    const words = wordsOf(await page.text());
    expect(words).toContain(`issued this receipt for ${BUSINESS}`);
    expect(words).not.toContain('..');
  });
});
