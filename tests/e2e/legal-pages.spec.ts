import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeFindings } from './support/axe';

/** The terms, privacy, support and Stripe-disclaimer pages. */
test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

const PAGES = [
  {
    path: '/terms',
    title: 'Terms of Service · Paylink',
    h1: 'Terms of Service',
    lastUpdated: true,
    headings: ['4. Fees', '5. Free trial, subscription and cancellation', '6. Acceptable use', '9. Liability'],
    text: [/0\.5%/, /NZD \$29\/month/, /Fair Trading Act 1986/, /laws of New Zealand/],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy · Paylink',
    h1: 'Privacy Policy',
    lastUpdated: true,
    headings: [
      'What we collect',
      'Who we share it with',
      'How long we keep it',
      'Seeing and correcting your information',
    ],
    text: [/Privacy Act 2020/, /never receive or store full card numbers/, /Privacy Commissioner/],
  },
  {
    path: '/support',
    title: 'Support · Paylink',
    h1: 'How can we help?',
    lastUpdated: false,
    headings: [
      'Contact us',
      'Email',
      'Live chat',
      'Phone',
      'Frequently asked questions',
      'For businesses',
      'For payers',
    ],
    text: [],
  },
  {
    path: '/stripe-disclaimer',
    title: 'Stripe Disclaimer · Paylink',
    h1: 'Stripe Disclaimer',
    lastUpdated: false,
    headings: ['Stripe processes the payments', "Stripe's terms apply to your Stripe account"],
    text: [/We are not Stripe/],
  },
];

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of VIEWPORTS) {
  for (const legalPage of PAGES) {
    test(`${legalPage.path} renders its headings (${viewport.name})`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(legalPage.path);
      await expect(page.getByRole('heading', { level: 1, name: legalPage.h1 })).toBeVisible();
      await expect(page).toHaveTitle(legalPage.title);
      for (const heading of legalPage.headings) {
        await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      }
      for (const text of legalPage.text) {
        await expect(page.getByText(text).first()).toBeVisible();
      }
      const lastUpdated = page.getByText('Last updated January 1, 2025', { exact: true });
      if (legalPage.lastUpdated) await expect(lastUpdated).toBeVisible();
      else await expect(lastUpdated).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      const name = legalPage.path.slice(1);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}.png`), fullPage: true });
      await expectNoSeriousAxeFindings(page);
    });
  }
}

test('the support cards open an email to support; none pretends to be a chat or phone line', async ({ page }) => {
  await page.goto('/support');
  const email = page.getByRole('link', { name: 'support@paylink.co.nz' });
  await expect(email).toHaveAttribute('href', /^mailto:support@paylink\.co\.nz\?subject=Paylink%20support/);
  await expect(page.getByRole('link', { name: 'Start a chat by email' })).toHaveAttribute(
    'href',
    /^mailto:support@paylink\.co\.nz\?subject=Paylink%20chat%20request/,
  );
  await expect(page.getByRole('link', { name: 'Request a call back' })).toHaveAttribute(
    'href',
    /^mailto:support@paylink\.co\.nz\?subject=Paylink%20call-back%20request/,
  );
});

test('the FAQ answers open and close from the keyboard', async ({ page }, testInfo) => {
  await page.goto('/support');
  const questions = [
    { question: 'What does Paylink cost?', answer: /0\.5% product fee/ },
    { question: 'When do I get paid?', answer: /payout schedule/ },
    { question: 'How do I refund a payment?', answer: /from your Stripe dashboard/ },
    { question: 'A payment shows as pending. What does that mean?', answer: /every 5 minutes.*Verify & Refresh/ },
    { question: 'How do I change my bank details?', answer: /in your Stripe dashboard/ },
    { question: 'How do I get a receipt?', answer: /Email Receipt/ },
  ];
  for (const { question, answer } of questions) {
    const summary = page.locator('summary', { hasText: question });
    const details = page.locator('details', { has: summary });
    const answerText = details.getByText(answer);
    await expect(answerText).toBeHidden();
    await summary.focus();
    await expect(summary).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(details).toHaveAttribute('open', '');
    await expect(answerText).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath('support-faq-open.png'), fullPage: true });
  await expectNoSeriousAxeFindings(page);

  // Space closes it again, as on any disclosure.
  const first = page.locator('summary', { hasText: 'What does Paylink cost?' });
  await first.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('details', { has: first })).not.toHaveAttribute('open');
});

test('robots.txt keeps payment pages out of search engines', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.ok()).toBe(true);
  const body = await response.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Disallow: \/p\/$/m);
  expect(body).not.toMatch(/^Disallow: \/$/m);
});
