/*
 * The script of the prerendered pages: landing, sign-in, sign-up, support and legal (web/prerender-pages-
 * plugin.ts writes its tag in place of the app's module script, naming the code to load in data-entry). The
 * page arrives drawn, so its code only makes it interactive and never competes with the document for a
 * phone's first round trips (docs/decisions.md #90):
 * - data-start="paint": the code is asked for once the browser has painted the HTML (the landing page's
 *   small menu island), as /p/{id}'s payer-boot.js does; a tab opened in the background paints nothing until
 *   shown, so a timer starts it anyway.
 * - data-start="intent": the code (the merchant app) is asked for when the visitor first reaches for the page —
 *   a tap, a click, a key, a field focused. The support and legal pages: text and plain links, the same for
 *   everyone, which the app adopts as drawn (docs/decisions.md #220).
 * - data-start="intent-or-session": the same, or at once when the browser may hold a session, which the app may
 *   send elsewhere (/login → /dashboard): the sign-in and sign-up forms (Amplify comes with the app). Until the
 *   app has hydrated the form its submit button stays disabled, and what was typed meanwhile is kept
 *   (web/src/lib/hydration.ts).
 * A classic deferred script, fetched at low priority, which knows its own tag.
 */
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The page stays readable if the code cannot arrive; its buttons stay disabled, as drawn.
    import(entry).catch((error) => console.error(error));
  };
  const mode = script.dataset.start;
  if (mode !== 'intent' && mode !== 'intent-or-session') {
    setTimeout(start, 250);
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  // Paylink's session record (web/src/lib/session-record.ts, SESSION_RECORD_KEY): present while this browser
  // may hold a session.
  const maySignedIn = () => {
    try {
      return localStorage.getItem('paylink.session') !== null;
    } catch {
      return true;
    }
  };
  if (mode === 'intent-or-session' && maySignedIn()) return start();
  const intents = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input'];
  const onIntent = () => {
    for (const type of intents) window.removeEventListener(type, onIntent, true);
    start();
  };
  for (const type of intents) window.addEventListener(type, onIntent, { capture: true, passive: true });
})();
