/**
 * What a payer sees of Paylink's mail (docs/decisions.md #172–#175): the receipt arrives without asking, in the
 * café's name with its phone, after a payer pays on Checkout and never taps Email Receipt; and a payment
 * request's "Stop payment requests" link opens a page that asks first, then unsubscribes. Axe on the page.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import type { PaymentRequest } from '@shared/contracts/payment-requests';
import { email } from '@functions/domain/emails';
import { linkIn, waitForEmail } from '../support/mailbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const CAFE = 'Kōwhai Café';

/** An email's HTML shown as a mail app shows it (its links to the app still work: they are absolute). */
async function openEmail(page: Page, html: string) {
  await page.goto('about:blank');
  await page.setContent(html);
}

// @desktop-only: nothing in the mail or the unsubscribe page differs on a phone's width that axe would not see.
test(
  'a payer who closes the tab after paying still gets the receipt, in the café’s name',
  { tag: '@desktop-only' },
  async ({ page }) => {
    test.setTimeout(90_000);
    const merchant = await createMerchantReadyForPayments({ businessName: CAFE });
    // A title as long as a café writes one: on a phone it is the widest label of the receipt's table.
    const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
      title: 'Catering platter for the office: sandwiches, sushi and a fruit board',
      description: null,
      isOpenAmount: false,
      amountCents: 25_000,
      tipPercent: 0,
    });
    const payer = `catering-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

    await page.goto(`/p/${link.linkId}`);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByLabel('Email').fill(payer);
    await page.getByLabel('Name on card').fill('Mere Payer');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
    // The payer closes the tab here: Email Receipt is never tapped. The receipt rides on the bus's news of the
    // success, already published by the check the page made; a loaded machine may take a while to deliver it.
    await page.goto('about:blank');

    const receipt = await waitForEmail(e2eEnv.mailboxUrl, payer, { subject: /receipt/i, timeoutMs: 30_000 });
    expect(receipt.replyTo).toEqual([merchant.email]);
    await openEmail(page, receipt.body.html!);
    await expect(page.getByRole('heading', { name: `Receipt from ${CAFE}` })).toBeVisible();
    await expect(page.getByText(`Contact ${CAFE}: 021 555 0199 · ${merchant.email}`)).toBeVisible();
    await expect(page.getByText('because it was requested')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/payer-mail-receipt.png', fullPage: true });
    // On a phone the payment's long id keeps clear of its label: on a line of its own under it, the label on one
    // line, whatever letters the random id has (docs/decisions.md #281); and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const idRow = await page.evaluate(() => {
      const lines = (cell: Element) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return [...range.getClientRects()].map((line) => ({
          top: Math.round(line.top),
          bottom: Math.round(line.bottom),
        }));
      };
      const cells = [...document.querySelectorAll('td')];
      const label = lines(cells.find((cell) => cell.textContent === 'Transaction ID')!);
      const id = lines(cells.find((cell) => /^pay_[\w-]+$/.test(cell.textContent ?? ''))!);
      return {
        labelLines: new Set(label.map((line) => line.top)).size,
        idLines: new Set(id.map((line) => line.top)).size,
        idBelowLabel: Math.min(...id.map((line) => line.top)) >= Math.max(...label.map((line) => line.bottom)),
      };
    });
    expect(idRow).toEqual({ labelLines: 1, idLines: 1, idBelowLabel: true });
    // A long label wraps in its own column and leaves the values room: no value (the id, the date, the card,
    // the GST number) is cut inside a word to fit beside it.
    const cutWords = await page.evaluate(() =>
      [...document.querySelectorAll('td[style*="text-align:right"]')].flatMap((cell) => {
        const text = cell.firstChild as Text;
        return [...text.data.matchAll(/\S+/g)].filter((word) => {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1;
        });
      }),
    );
    expect(cutWords.map((word) => word[0])).toEqual([]);
    await page.screenshot({ path: 'test-results/payer-mail-receipt-390.png', fullPage: true });

    // Its button opens the receipt page.
    await page.goto(linkIn(receipt, '/r/').toString());
    await expect(page.getByRole('heading', { level: 1 })).toContainText(CAFE);
    await expect(page.getByText('Catering platter').first()).toBeVisible();
  },
);

test(
  'a payment id of the widest letters stays whole on a phone, on its own line under its label',
  { tag: '@desktop-only' },
  async ({ page }) => {
    // Ids are random: one of wide letters squeezed "Transaction ID" onto two lines beside it, now and then, in
    // the test above. The widest an id can be, in the emails' own layout, at 390 px (docs/decisions.md #281).
    const widest = 'pay_WWWWWWWWWWWWWWWW';
    const { html } = email(
      'Receipt',
      'Receipt',
      [],
      {
        rows: [
          ['Amount', 'NZD $20.00'],
          ['Transaction ID', widest],
        ],
      },
      '',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await openEmail(page, html);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const tops = await page.evaluate((id) => {
      const linesOf = (text: string) => {
        const cell = [...document.querySelectorAll('td')].find((td) => td.textContent === text)!;
        const range = document.createRange();
        range.selectNodeContents(cell);
        return [...new Set([...range.getClientRects()].map((line) => Math.round(line.top)))];
      };
      return { label: linesOf('Transaction ID'), id: linesOf(id) };
    }, widest);
    expect(tops.label).toHaveLength(1);
    expect(tops.id).toHaveLength(1);
    expect(tops.id[0]!).toBeGreaterThan(tops.label[0]!);
  },
);

test(
  'a request’s recipient unsubscribes from the page the email links to',
  { tag: '@desktop-only' },
  async ({ page }) => {
    test.setTimeout(90_000);
    const merchant = await createMerchantReadyForPayments({ businessName: CAFE });
    const customer = `mere-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
    const request = await merchantApi<PaymentRequest>(merchant.token, 'POST', '/api/me/requests', {
      payerEmail: customer,
      title: 'Catering deposit',
      amountCents: 8_000,
      note: 'Deposit for Saturday. Details at www.example.com/menu',
    });

    const email = await waitForEmail(e2eEnv.mailboxUrl, customer, { subject: /payment request/ });
    await openEmail(page, email.body.html!);
    await expect(page.getByText('www[.]example[.]com/menu')).toBeVisible();
    await expect(page.getByRole('link', { name: /example/ })).toHaveCount(0);
    await page.getByRole('link', { name: `Stop payment requests from ${CAFE}` }).click();

    await expect(page).toHaveURL(new RegExp(`/unsubscribe/${request.requestId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Stop payment requests from ${CAFE}?` })).toBeVisible();
    await expectNoSeriousAxeFindings(page);
    await page.screenshot({ path: 'test-results/payer-mail-unsubscribe.png', fullPage: true });
    await page.getByRole('button', { name: `Stop requests from ${CAFE}` }).click();
    // The answer is the page's own address again (Post/Redirect/Get, docs/decisions.md #271): a reload shows
    // the result and sends nothing.
    const pageAddress = new RegExp(`/unsubscribe/${request.requestId}$`);
    await expect(page).toHaveURL(pageAddress);
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    await expectNoSeriousAxeFindings(page);
    const posted: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() !== 'GET') posted.push(`${sent.method()} ${sent.url()}`);
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    expect(posted).toEqual([]);

    // The café cannot email that address a request again.
    const again = await fetch(`${e2eEnv.baseUrl}/api/me/requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${merchant.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ payerEmail: customer, title: 'Another', amountCents: 500 }),
    });
    expect(again.status).toBe(409);

    // They can still report the email from there, and a reload of that answer sends nothing either.
    await page.getByRole('button', { name: 'Report as suspicious' }).click();
    await expect(page).toHaveURL(pageAddress);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for reporting it' })).toBeVisible();
    posted.length = 0;
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for reporting it' })).toBeVisible();
    expect(posted).toEqual([]);
  },
);
