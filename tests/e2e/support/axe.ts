import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Every screen has no serious or critical axe findings (docs/architecture.md, "Style").
 *
 * axe judges what is on screen at the moment it runs, so it runs on a settled page: a toast caught
 * half-way through sonner's fade-in has the colours of no real state (a `color-contrast` finding that
 * comes and goes). While it looks, the page is told the person prefers reduced motion — sonner and our
 * own `motion-safe:` animations then jump straight to their end state — and it waits until every
 * animation or transition that can end has ended (spinners run forever and are left alone).
 */
export async function expectNoSeriousAxeFindings(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await waitForSettledPage(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
    ).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

/** Waits until no finite CSS animation or transition is running on the page (two frames in a row). */
async function waitForSettledPage(page: Page) {
  await page.waitForFunction(
    () => {
      const moving = document.getAnimations().some((animation) => {
        if (animation.playState !== 'running') return false;
        const end = animation.effect?.getComputedTiming().endTime;
        return typeof end === 'number' && Number.isFinite(end);
      });
      const state = window as unknown as { __axeSettledFrames?: number };
      state.__axeSettledFrames = moving ? 0 : (state.__axeSettledFrames ?? 0) + 1;
      return state.__axeSettledFrames >= 2;
    },
    undefined,
    { polling: 'raf', timeout: 5_000 },
  );
  await page.evaluate(() => delete (window as unknown as { __axeSettledFrames?: number }).__axeSettledFrames);
}
