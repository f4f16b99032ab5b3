import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * Every screen has no serious or critical axe findings (docs/architecture.md, "Style").
 *
 * axe judges what is on screen at the moment it runs, so it runs on a settled page: a toast caught
 * half-way through sonner's fade-in has the colours of no real state (a `color-contrast` finding that
 * comes and goes). While it looks, the page is told the person prefers reduced motion — sonner and our
 * own `motion-safe:` animations then jump straight to their end state — and it waits until every
 * animation or transition that can end has ended (spinners run forever and are left alone).
 *
 * axe-core runs in the page itself, injected once per document, and collects violations only. The suite
 * runs it a few hundred times; @axe-core/playwright re-sent its 500 KB source and finished every run in
 * a new blank page, which was half of the browser tests' time for the same findings.
 */
export async function expectNoSeriousAxeFindings(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await waitForSettledPage(page);
    const { violations } = await runAxe(page);
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

async function runAxe(page: Page): Promise<axe.AxeResults> {
  // A full navigation gives a fresh window; moves inside the SPA keep the copy already injected.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
}
