/**
 * Chromium features the test and bench browsers switch off, and how they are switched off without losing the
 * launcher's own list.
 */

/**
 * The address bar's suggestion popup, which Chromium 156 draws as two WebUI pages
 * (chrome://omnibox-popup.top-chrome, its plain and AI-mode views) and starts in a renderer for every window it
 * opens, headless or not. A headless window has no address bar to type in, so nobody ever sees them; each
 * window's copy cost about 0.8 s of CPU while it loaded, beside the page under test. Switched off, the browser
 * suite spent 698 CPU seconds instead of 910 and took 6.2 minutes instead of 7.9 on the 2-core machine
 * (docs/decisions.md #298).
 */
export const UNSEEN_BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/**
 * What Playwright 1.65 disables in every Chromium it launches (playwright-core's `chromiumSwitches`), copied
 * because it does not export it: Chromium keeps only the last `--disable-features` switch on its command line,
 * so ours, which comes after Playwright's, must name these again or they would be on. The browser suite's
 * `browser-setup.spec.ts` reads the launched browser's command line and fails on any name an earlier switch
 * has that the last one lacks, as after a Playwright upgrade that adds one.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * The pages of Chromium's own interface among CDP's targets (`Target.getTargets`), by URL: what the features above
 * switch off, if a window still opened any.
 */
export function browserUiPages(targets: readonly { type: string; url: string }[]): string[] {
  return targets.filter(({ type }) => type === 'browser_ui').map(({ url }) => url);
}

const DISABLE_FEATURES = '--disable-features=';

/** The features an argument list disables, switch by switch, in order (Chromium applies only the last). */
export function disabledFeatureSwitches(args: readonly string[]): string[][] {
  return args
    .filter((arg) => arg.startsWith(DISABLE_FEATURES))
    .map((arg) => arg.slice(DISABLE_FEATURES.length).split(',').filter(Boolean));
}

/** One `--disable-features` switch naming every feature given, each once. */
export function disableFeaturesSwitch(...features: readonly string[]): string {
  return DISABLE_FEATURES + [...new Set(features)].join(',');
}

/**
 * `flags` with `features` added to the features they already disable, all in one switch at the end: for a
 * launcher whose default flags we can read, as chrome-launcher's `Launcher.defaultFlags()`.
 */
export function withFeaturesDisabled(flags: readonly string[], features: readonly string[]): string[] {
  const alreadyDisabled = disabledFeatureSwitches(flags).at(-1) ?? [];
  const merged = disableFeaturesSwitch(...alreadyDisabled, ...features);
  const others = flags.filter((flag) => !flag.startsWith(DISABLE_FEATURES));
  return [...others, merged];
}
