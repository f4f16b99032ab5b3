import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** STYLE.md: no serious or critical axe findings on any screen. */
export async function expectNoSeriousAxeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}
