/**
 * A link's expiry, reference and thank-you (docs/decisions.md #53–#55), set by a merchant through the
 * Create Link form and the Edit expiry dialog, then paid by a payer who reads the thank-you on the success
 * page; later its limit, reference and thank-you in Edit link settings (#83), and its results on its row
 * (#82). Expiry passing is driven by a clock in tests/integration/link-expiry.test.ts; here the screens. A
 * GST-registered merchant chooses a link's GST treatment on both forms; one not registered is not offered it (#136).
 */
import { expect, test, type Page } from '@playwright/test';
import { format } from 'date-fns';
import type { PaymentLink, PaymentLinkList } from '@shared/contracts/payment-links';
import { instantOfWallClock, wallClockOf } from '@shared/wall-clock';
import { expectNoSeriousAxeFindings } from './support/axe';
import { closeWithEscape } from './support/layers';
import { signInWithStoredSession } from './support/browser-session';
import { expiryFieldsOf, fillExpiry } from './support/expiry-field';
import { createMerchantReadyForPayments, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const AUCKLAND = 'Pacific/Auckland';
const THANK_YOU = 'Ngā mihi! Collect from stall 4 from 8am <Saturday>.';

async function axeAtBothWidths(page: Page) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeFindings(page);
  }
}

test('a merchant sets expiry, reference and thank-you; edits the expiry; a payer pays and reads the thank-you', async ({
  page,
}) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Ōtaki Market Stall' });
  await signInWithStoredSession(page, merchant, '/dashboard/create-link');

  const inAWeek = wallClockOf(new Date(Date.now() + 7 * 86_400_000), AUCKLAND);
  await page.getByLabel('Title').fill('Saturday preorder');
  await page.getByLabel('Amount (NZD)').fill('12.00');
  await page.getByLabel('Your reference').fill('INV-0042');
  // The day as the app writes it and a 24-hour time, on the merchant's clock, whatever the browser's locale.
  await fillExpiry(page, inAWeek);
  // A time typed as people say it reads back as the 24-hour time it was taken as.
  const time = page.getByRole('textbox', { name: 'Expiry time (HH:mm)' });
  await time.fill('9pm');
  await time.blur();
  await expect(time).toHaveValue('21:00');
  await time.fill(expiryFieldsOf(inAWeek).time);
  // The calendar offers no day before today: yesterday cannot be picked.
  await page.getByRole('button', { name: 'Choose the expiry date from a calendar' }).click();
  const createCalendar = page.getByRole('dialog', { name: 'Choose the expiry date' });
  await createCalendar.getByRole('button', { name: 'Previous month' }).click();
  const lastMonthsDay = createCalendar.getByRole('grid').getByRole('button').first();
  await expect(lastMonthsDay).toHaveAttribute('aria-disabled', 'true');
  await lastMonthsDay.click({ force: true }); // Playwright waits for an enabled button; a person can still tap it.
  await expect(createCalendar).toBeVisible();
  await createCalendar.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('textbox', { name: /^Expires/ })).toHaveValue(expiryFieldsOf(inAWeek).day);
  await time.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('expiry-create-1280.png'), animations: 'disabled' });
  await page.getByLabel('Message after it expires').fill('Preorders are closed for this week.');
  await page.getByLabel('Thank-you message').fill(THANK_YOU);
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/me/links') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  const link = (await (await created).json()) as PaymentLink;
  expect(link).toMatchObject({ reference: 'INV-0042', thankYouMessage: THANK_YOU, expired: false });
  const sameInstant = (wallClock: string) => {
    const named = instantOfWallClock(wallClock, AUCKLAND);
    return named.ok ? named.instant.toISOString() : null;
  };
  expect(link.expiresAt).toBe(sameInstant(inAWeek));
  await page.getByRole('dialog', { name: 'Payment Link Created!' }).getByRole('button', { name: 'Done' }).click();

  await page.getByRole('tab', { name: 'Manage Links' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Saturday preorder' }) });
  await expect(row.getByText('Ref: INV-0042')).toBeVisible();
  await expect(row.getByText(/^Expires /)).toBeVisible();

  await row.getByRole('button', { name: 'Edit expiry: Saturday preorder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit expiry' });
  await expect(dialog.getByRole('textbox', { name: /^Expires/ })).toHaveValue(expiryFieldsOf(inAWeek).day);
  await expect(dialog.getByRole('textbox', { name: 'Expiry time (HH:mm)' })).toHaveValue(expiryFieldsOf(inAWeek).time);
  await axeAtBothWidths(page);
  // On a phone the merchant picks the day from the calendar and types the time.
  await page.setViewportSize(PHONE);
  const inTwoWeeks = wallClockOf(new Date(Date.now() + 14 * 86_400_000), AUCKLAND);
  const twoWeeks = expiryFieldsOf(inTwoWeeks);
  await dialog.getByRole('button', { name: 'Choose the expiry date from a calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose the expiry date' });
  await expect(calendar.getByRole('grid')).toBeVisible();
  const [year, month, day] = inTwoWeeks.slice(0, 10).split('-').map(Number) as [number, number, number];
  const dayButton = calendar.getByRole('button', { name: format(new Date(year, month - 1, day), 'EEEE d MMMM yyyy') });
  // It opens on the month of the day already chosen, a week earlier: the day may be in the next month.
  if (!(await dayButton.isVisible())) await calendar.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
  await expect(dialog.getByRole('textbox', { name: /^Expires/ })).toHaveValue(twoWeeks.day);
  await page.screenshot({ path: test.info().outputPath('expiry-edit-390.png'), animations: 'disabled' });
  await dialog.getByRole('textbox', { name: 'Expiry time (HH:mm)' }).fill(twoWeeks.time);
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/me/links/${link.linkId}/expiry`) && response.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(((await (await saved).json()) as PaymentLink).expiresAt).toBe(sameInstant(inTwoWeeks));
  await page.setViewportSize(DESKTOP);
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Expiry updated' })).toBeVisible();

  // The payer, on a phone. A page drawn just before the expiry (it is cached a minute) meets checkout's 410:
  // played here by answering that one call, as the clock-driven integration test proves the server says it.
  await page.setViewportSize(PHONE);
  await page.goto(`/p/${link.linkId}`);
  const expiredAnswer = { code: 'link_expired', message: 'Preorders are closed for this week.' };
  await page.route('**/api/checkout', (route) => route.fulfill({ status: 410, json: expiredAnswer }), { times: 1 });
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Link Expired' })).toBeVisible();
  await expect(page.getByText('Preorders are closed for this week.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByLabel('Email').fill('payer@example.co.nz');
  await page.getByLabel('Name on card').fill('Mere Payer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Confirmed!' })).toBeVisible();
  // Shown as text: the angle brackets are the merchant's words, not markup.
  await expect(page.getByRole('region', { name: 'A message from Ōtaki Market Stall' })).toHaveText(THANK_YOU);
});

test("Edit link settings from a link's menu, and the link's results on its row", async ({ page, browser }) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Pottery' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Saturday wheel class',
    isOpenAmount: false,
    amountCents: 8500,
    maxPayments: 3,
  });
  // One payer pays; a second is still on Checkout, holding a place.
  const payer = await browser.newPage();
  await payer.goto(`/p/${link.linkId}`);
  await payer.getByRole('button', { name: 'Pay Now' }).click();
  await payer.getByLabel('Email').fill('first@example.co.nz');
  await payer.getByLabel('Name on card').fill('First Payer');
  await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payer.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await payer.getByLabel('CVC').fill('123');
  await payer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(payer.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
  await payer.goto(`/p/${link.linkId}`);
  await payer.getByRole('button', { name: 'Pay Now' }).click();
  await expect(payer.getByLabel('Card number')).toBeVisible();

  await signInWithStoredSession(page, merchant, '/dashboard/create-link');
  await page.getByRole('tab', { name: 'Manage Links' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Saturday wheel class' }) });
  await expect(row.getByText('1 payment', { exact: true })).toBeVisible();
  await expect(row.getByText('$85.00 taken', { exact: true })).toBeVisible();
  await expect(row.getByText('(tips included, before refunds)')).toBeVisible();
  await expect(row.getByText('1 of 3 sold')).toBeVisible();
  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await row.screenshot({ path: test.info().outputPath(`link-row-${name}.png`) });
  }

  await row.getByRole('button', { name: 'Actions for Saturday wheel class' }).click();
  await page.getByRole('menuitem', { name: 'Edit link settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit link settings' });
  await expect(dialog.getByLabel(/^Payment limit/)).toHaveValue('3');
  await axeAtBothWidths(page);
  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`settings-dialog-${name}.png`) });
  }

  // Below the places sold and held: the server refuses by the field, in words.
  await dialog.getByLabel(/^Payment limit/).fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/already has 1 sold and 1 held by payers on Checkout/)).toBeVisible();
  await expect(dialog.getByLabel(/^Payment limit/)).toHaveAttribute('aria-invalid', 'true');
  // Checked in the browser too, as creation checks it.
  await dialog.getByLabel('Or send the payer to your page').fill('http://example.co.nz/thanks');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/starts with https:\/\//)).toBeVisible();
  await axeAtBothWidths(page);

  await dialog.getByLabel(/^Payment limit/).fill('6');
  await dialog.getByLabel(/^Your reference/).fill('TERM-4');
  await dialog.getByLabel('Or send the payer to your page').fill('');
  await dialog.getByLabel(/^Thank-you message/).fill('Bring an apron. See you at 9.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Link settings updated' })).toBeVisible();
  await expect(row.getByText('1 of 6 sold')).toBeVisible();
  await expect(row.getByText('Ref: TERM-4')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Actions for Saturday wheel class' })).toBeFocused();
});

test('a GST-registered merchant chooses how GST applies to a link, on Create Link and in its settings @desktop-only', async ({
  page,
}) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Tūī Design' });
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant, '/dashboard/create-link');
  // Not registered: every sale carries no GST whatever a link says, so no link offers the choice (#136) —
  // once the page has read the tax settings it decides by.
  const taxRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me/tax');
  await page.reload();
  expect((await taxRead).status()).toBe(200);
  await expect(page.getByLabel('Title')).toBeVisible();
  await expect(page.getByLabel('GST', { exact: true })).toHaveCount(0);

  await merchantApi(merchant.token, 'PUT', '/api/me/tax', {
    gstRegistered: true,
    gstNumber: '49-091-850',
    legalName: 'Tūī Design Limited',
    address: '1 Queen Street, Auckland',
  });
  await page.reload();
  const gst = page.getByLabel('GST', { exact: true });
  await expect(gst).toHaveValue('standard');
  await page.getByLabel('Title').fill('Brand guide for a client in Sydney');
  await page.getByLabel('Amount (NZD)').fill('460.00');
  await gst.selectOption({ label: 'Zero-rated (0%)' });
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Link Created!' })).toBeVisible();
  const linkOf = async () =>
    (await merchantApi<PaymentLinkList>(merchant.token, 'GET', '/api/me/links')).links.find(
      (link) => link.title === 'Brand guide for a client in Sydney',
    );
  expect((await linkOf())?.gstTreatment).toBe('zero-rated');
  await expectNoSeriousAxeFindings(page);

  await closeWithEscape(page.getByRole('dialog', { name: 'Payment Link Created!' }));
  await page.getByRole('tab', { name: 'Manage Links' }).click();
  await page.getByRole('button', { name: 'Actions for Brand guide for a client in Sydney' }).click();
  await page.getByRole('menuitem', { name: 'Edit link settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit link settings' });
  await expect(dialog.getByLabel('GST', { exact: true })).toHaveValue('zero-rated');
  await dialog.getByLabel('GST', { exact: true }).selectOption({ label: 'No GST (not a taxable supply)' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect((await linkOf())?.gstTreatment).toBe('no-gst');
});
