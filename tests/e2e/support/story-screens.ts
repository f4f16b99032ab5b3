/**
 * The story specs' helpers (first-hour.spec.ts): each screen photographed, measured for sideways scroll and
 * checked by axe; paying on the sandbox's Checkout as a person does; a stored session for a page whose clock
 * is set to another time.
 */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousAxeFindings } from './axe';
import { amplifySessionFor } from './browser-session';

/** The screen as it is: a picture in test-results, no sideways scroll, nothing serious for axe. */
export function screensFor(testInfo: TestInfo, viewport: { width: number }) {
  const width = String(viewport.width);
  let shot = 0;
  return async function screen(on: Page, name: string, ready: Locator) {
    await expect(ready).toBeVisible();
    shot += 1;
    await on.screenshot({
      path: testInfo.outputPath(`${String(shot).padStart(2, '0')}-${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
    const { scrollWidth, sticking } = await on.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      sticking: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120)),
    }));
    expect(scrollWidth, `${name} is ${scrollWidth} px wide: ${sticking.join(' | ')}`).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoSeriousAxeFindings(on);
  };
}

/** Pays on the sandbox's hosted Checkout as a person does; the page is left on the success page. */
export async function payOnCheckout(payer: Page, email: string, name: string) {
  await payer.getByLabel('Email').fill(email);
  await payer.getByLabel('Name on card').fill(name);
  await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payer.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await payer.getByLabel('CVC').fill('123');
  await payer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(payer.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
}

/** Amplify's stored session for a page whose clock reads `fakeNow`: its clock drift measured against that clock. */
export async function sessionAt(merchant: { email: string; password: string }, fakeNow: Date) {
  const session = await amplifySessionFor(merchant);
  const drift = Object.keys(session).find((key) => key.endsWith('.clockDrift'))!;
  session[drift] = String(Number(session[drift]) + Date.now() - fakeNow.getTime());
  return session;
}
