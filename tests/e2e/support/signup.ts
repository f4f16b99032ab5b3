import { expect, type Page } from '@playwright/test';
import { E2E_PASSWORD } from './merchant';

/**
 * Fills the whole sign-up form on /signup the way a person does, and waits for the bot check to be solved
 * (it appears after 1.5 s and solves itself once the form is in use, docs/decisions.md #5).
 */
export async function fillSignupForm(page: Page, email: string, password = E2E_PASSWORD) {
  await page.getByLabel('Full name').fill('Aroha Ngata');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await expect(page.getByLabel('Country code')).toHaveValue('+64');
  await page.getByLabel('Phone number').fill('21 555 0101');
  await page.getByLabel('Business name').fill('Kai Cart Ltd');
  await page.getByLabel('Business address').fill('1 Queen Street, Auckland');
  // By its full label: the bot-check widget (once drawn) has a link labelled 'Altcha (official website)'.
  // As a person types it: no https://, a trailing space (the form and the server make it https://…).
  await page.getByLabel('Website (optional)').fill('kaicart.example.nz ');
  await page.getByLabel('Business description').fill('Street food at the Saturday market');
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked();
}
