/**
 * The Materials Kit: from the dashboard's 'QR Codes for Print' a merchant picks a payment link, sees its
 * poster and table card, and downloads both as PDFs made in the browser — which are opened here and
 * checked for what they promise: a PDF, A4 or A6, the link's words as real text, and a QR code that
 * decodes back to the link's address. Against the local runtime's real API and Stripe sandbox.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page, type TestInfo } from '@playwright/test';
import jsQR from 'jsqr';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** ISO 216 sizes in PDF points (1 pt = 1/72 inch). */
const A4_POINTS = { width: (210 / 25.4) * 72, height: (297 / 25.4) * 72 };
const A6_POINTS = { width: (105 / 25.4) * 72, height: (148 / 25.4) * 72 };
const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Apple Pay', 'Google Pay'];
// A macron, which the 14 standard PDF fonts cannot print: the PDF must carry its own font.
const BUSINESS_NAME = 'Kāpiti Coffee Co.';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const linkUrl = (linkId: string) => `${process.env.PAYLINK_E2E_BASE_URL}/p/${linkId}`;

async function createLink(token: string, link: Record<string, unknown>) {
  return merchantApi<PaymentLink>(token, 'POST', '/api/me/links', link);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

interface PdfReading {
  header: string;
  pageCount: number;
  width: number;
  height: number;
  text: string;
  qrCodes: string[];
}

/** Opens a downloaded PDF with PDF.js: its page size (MediaBox), its text, and what its images decode to as QR codes. */
async function readPdf(download: Download): Promise<PdfReading> {
  const bytes = await readFile(await download.path());
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    // Decoded pixels rather than ImageBitmaps, which Node has no use for.
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
  }).promise;
  try {
    const page = await document.getPage(1);
    const [left, bottom, right, top] = page.view;
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('\n');
    const operators = await page.getOperatorList();
    const imageNames = operators.fnArray.flatMap((fn, index) =>
      fn === pdfjs.OPS.paintImageXObject ? [operators.argsArray[index][0] as string] : [],
    );
    const qrCodes: string[] = [];
    for (const name of imageNames) {
      const image = await new Promise<{ width: number; height: number; kind: number; data: Uint8ClampedArray }>(
        (resolve) => page.objs.get(name, resolve),
      );
      const decoded = jsQR(toRgba(image), image.width, image.height);
      if (decoded) qrCodes.push(decoded.data);
    }
    return {
      header: bytes.subarray(0, 5).toString('latin1'),
      pageCount: document.numPages,
      width: right! - left!,
      height: top! - bottom!,
      text,
      qrCodes,
    };
  } finally {
    await document.destroy();
  }
}

/** PDF.js hands out grey (1 bit), RGB or RGBA pixels; jsQR wants RGBA. */
function toRgba(image: { width: number; height: number; kind: number; data: Uint8ClampedArray }) {
  const pixels = image.width * image.height;
  if (image.kind === 3) return image.data;
  const rgba = new Uint8ClampedArray(pixels * 4);
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    if (image.kind === 2) {
      rgba.set(image.data.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
    } else {
      const rowBytes = Math.ceil(image.width / 8);
      const x = pixel % image.width;
      const y = Math.floor(pixel / image.width);
      const bit = (image.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      rgba.fill(bit ? 255 : 0, pixel * 4, pixel * 4 + 3);
    }
    rgba[pixel * 4 + 3] = 255;
  }
  return rgba;
}

/** Reads a downloaded poster or table card and checks it is one page of `size`, printing `words`, the common words and the link's QR. */
async function expectPrintPdf(
  download: Download,
  expected: { size: { width: number; height: number }; linkId: string; words: string[] },
) {
  const pdf = await readPdf(download);
  expect(pdf.header).toBe('%PDF-');
  expect(pdf.pageCount).toBe(1);
  expect(pdf.width).toBeCloseTo(expected.size.width, 1);
  expect(pdf.height).toBeCloseTo(expected.size.height, 1);
  for (const words of expected.words) expect(pdf.text).toContain(words);
  expectCommonWords(pdf, expected.linkId);
  expect(pdf.qrCodes).toEqual([linkUrl(expected.linkId)]);
}

/** The words every poster and table card prints, besides the link's own. */
function expectCommonWords(pdf: PdfReading, linkId: string) {
  const displayUrl = linkUrl(linkId).replace(/^https?:\/\//, '');
  for (const words of [
    'Scan to pay',
    'Can’t scan? Visit',
    displayUrl,
    'We accept',
    ...CARD_BRANDS,
    'Payments by Paylink',
  ]) {
    expect(pdf.text, `the PDF prints "${words}"`).toContain(words);
  }
}

test('a merchant opens QR Codes for Print from the dashboard, picks a link and downloads its poster and table card', async ({
  page,
}, testInfo) => {
  const merchant = await createMerchantReadyForPayments({ businessName: BUSINESS_NAME });
  const flatWhite = await createLink(merchant.token, {
    title: 'Flat white',
    isOpenAmount: false,
    amountCents: 550,
    tipPercent: null,
    description: null,
  });
  // The newest link is listed first, so the merchant has to pick the flat white.
  const koha = await createLink(merchant.token, {
    title: 'Koha',
    isOpenAmount: true,
    amountCents: null,
    tipPercent: null,
    description: null,
  });

  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant);
  const kit = page.getByRole('region', { name: 'Materials Kit' });
  // All three kit items go somewhere (the guide and the templates are tested in dashboard-live.spec.ts).
  await expect(kit.getByRole('link', { name: /Business Setup Guide/ })).toHaveAttribute(
    'href',
    '/dashboard/setup-guide',
  );
  await expect(kit.getByRole('link', { name: /Payment Templates/ })).toHaveAttribute(
    'href',
    '/dashboard/payment-templates',
  );
  await attachScreenshot(page, testInfo, 'dashboard-materials-kit-1280');
  await kit.getByRole('link', { name: /QR Codes for Print/ }).click();

  await expect(page).toHaveURL(/\/dashboard\/print-materials$/);
  await expect(page.getByRole('heading', { level: 1, name: 'QR Codes for Print' })).toBeVisible();
  const picker = page.getByLabel('Payment link');
  await expect(picker).toHaveValue(koha.linkId);
  await picker.selectOption({ label: 'Flat white - $5.50' });
  await expect(page).toHaveURL(new RegExp(`\\?link=${flatWhite.linkId}$`));

  const poster = page.getByRole('region', { name: 'A4 poster' });
  const tableCard = page.getByRole('region', { name: 'A6 table card' });
  for (const preview of [poster, tableCard]) {
    await expect(preview.getByText(BUSINESS_NAME, { exact: true })).toBeVisible();
    await expect(preview.getByText('Flat white', { exact: true })).toBeVisible();
    await expect(preview.getByText('$5.50', { exact: true })).toBeVisible();
    await expect(preview.getByText('Scan to pay', { exact: true })).toBeVisible();
    await expect(preview.getByRole('img', { name: `QR code that opens ${linkUrl(flatWhite.linkId)}` })).toBeVisible();
  }
  await attachScreenshot(page, testInfo, 'print-materials-1280');
  await expectNoSeriousAxeFindings(page);

  // Hold the print font back a moment, so the busy state is there to see.
  let releaseFont!: () => void;
  const fontHeld = new Promise<void>((resolve) => (releaseFont = resolve));
  await page.route('**/assets/Inter_*.ttf', async (route) => {
    await fontHeld;
    await route.continue();
  });

  const posterButton = page.getByRole('button', { name: 'Download A4 poster (PDF)' });
  const cardButton = page.getByRole('button', { name: 'Download A6 table card (PDF)' });
  let downloaded = page.waitForEvent('download');
  await posterButton.click();
  await expect(page.getByRole('button', { name: 'Preparing poster...' })).toBeDisabled();
  await expect(cardButton).toBeDisabled();
  releaseFont();
  let download = await downloaded;
  expect(download.suggestedFilename()).toBe(`paylink-poster-${flatWhite.linkId}.pdf`);
  await expect(toast(page, 'Poster downloaded')).toBeVisible();
  await expect(posterButton).toBeEnabled();

  await expectPrintPdf(download, {
    size: A4_POINTS,
    ...{ linkId: flatWhite.linkId, words: [BUSINESS_NAME, 'Flat white', '$5.50'] },
  });

  downloaded = page.waitForEvent('download');
  await cardButton.click();
  download = await downloaded;
  expect(download.suggestedFilename()).toBe(`paylink-table-card-${flatWhite.linkId}.pdf`);
  await expect(toast(page, 'Table card downloaded')).toBeVisible();

  await expectPrintPdf(download, {
    size: A6_POINTS,
    ...{ linkId: flatWhite.linkId, words: [BUSINESS_NAME, 'Flat white', '$5.50'] },
  });

  await page.setViewportSize(PHONE);
  await expect(poster.getByText('Flat white', { exact: true })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await attachScreenshot(page, testInfo, 'print-materials-390');
  await expectNoSeriousAxeFindings(page);
});

test('with no links the page points to Create Link; ?link= preselects an open-amount link; failures are said', async ({
  page,
}, testInfo) => {
  const merchant = await createMerchantReadyForPayments({ fullName: 'Aroha Ngata' });
  // A merchant without a company name: the materials carry their own name (Settings → Profile clears it).
  await merchantApi(merchant.token, 'PATCH', '/api/me', { fullName: 'Aroha Ngata', companyName: null });
  await page.setViewportSize(PHONE);
  await signInWithStoredSession(page, merchant);
  await expect(page.getByRole('region', { name: 'Materials Kit' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'dashboard-materials-kit-390');
  await page.goto('/dashboard/print-materials');

  await expect(page.getByRole('heading', { level: 2, name: 'No payment links created yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Link' })).toHaveAttribute('href', '/dashboard/create-link');
  await expect(page.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  await attachScreenshot(page, testInfo, 'print-materials-empty-390');
  await expectNoSeriousAxeFindings(page);

  const koha = await createLink(merchant.token, {
    title: 'Koha',
    isOpenAmount: true,
    amountCents: null,
    tipPercent: null,
    description: null,
  });
  const espresso = await createLink(merchant.token, {
    title: 'Espresso',
    isOpenAmount: false,
    amountCents: 450,
    tipPercent: null,
    description: null,
  });
  await merchantApi(merchant.token, 'PATCH', `/api/me/links/${koha.linkId}`, { isActive: false });

  // Straight to a link, as another screen may link here.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/dashboard/print-materials?link=${koha.linkId}`);
  await expect(page.getByLabel('Payment link')).toHaveValue(koha.linkId);
  await expect(page.getByText('This link is inactive')).toBeVisible();
  const poster = page.getByRole('region', { name: 'A4 poster' });
  await expect(poster.getByText('Open amount', { exact: true })).toBeVisible();
  await expect(poster.getByText('Aroha Ngata', { exact: true })).toBeVisible();
  await attachScreenshot(page, testInfo, 'print-materials-open-amount-1280');

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download A6 table card (PDF)' }).click();
  const pdf = await readPdf(await downloaded);
  expect(pdf.width).toBeCloseTo(A6_POINTS.width, 1);
  for (const words of ['Aroha Ngata', 'Koha', 'Open amount']) expect(pdf.text).toContain(words);
  expect(pdf.qrCodes).toEqual([linkUrl(koha.linkId)]);

  // Without a ?link= the newest active link is shown.
  await page.goto('/dashboard/print-materials');
  await expect(page.getByLabel('Payment link')).toHaveValue(espresso.linkId);

  // A PDF that cannot be made says so.
  await page.route('**/assets/Inter_*.ttf', (route) => route.abort());
  await page.getByRole('button', { name: 'Download A4 poster (PDF)' }).click();
  await expect(toast(page, 'Could not create the PDF')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download A4 poster (PDF)' })).toBeEnabled();

  // Links that cannot be loaded say so, with a retry.
  await page.route('**/api/me/links', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'internal', message: 'Something went wrong. Please try again.' }),
    }),
  );
  await page.reload();
  await expect(page.getByRole('alert').getByText('Failed to load payment links')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'print-materials-links-failed-1280');
  await expectNoSeriousAxeFindings(page);
});
