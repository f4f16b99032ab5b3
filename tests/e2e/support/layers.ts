import { expect, type Locator } from '@playwright/test';

/**
 * A dialog, sheet or menu (Radix) is listening for keys once focus is inside it.
 *
 * Radix moves focus into a layer it opens, and starts listening for its Escape key, in effects. The built app
 * runs on Preact (docs/decisions.md #216), which runs those a frame after the layer is drawn, not with the
 * click that opened it as React did: a key pressed as soon as the layer is visible can reach the page
 * before the layer hears it. Both effects run in the same pass, so focus inside shows the keys are heard.
 */
async function expectFocusInside(layer: Locator) {
  await expect
    .poll(() => layer.evaluate((element) => element.contains(document.activeElement)), {
      message: 'focus inside the opened layer',
    })
    .toBe(true);
}

/** Closes `layer` with Escape, as a keyboard user does once it is open, and waits until it has gone. */
export async function closeWithEscape(layer: Locator) {
  await expectFocusInside(layer);
  await layer.page().keyboard.press('Escape');
  await expect(layer).toBeHidden();
}
