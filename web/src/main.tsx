// First: zod's parsers without its `new Function` probe, which the CSP refuses (docs/decisions.md #70).
import '@web/lib/zod-jitless';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BRAND_NAME } from '@shared/brand';
import { prerenderedPath, SIGNED_OUT_PAGES } from '@shared/prerendered-pages';
import { isDashboardHome, startDashboardCode } from './app/dashboard-code';
import { loadPayerPage } from './app/payer-app';
import { matchPayerRoute } from './app/payer-routes';
import { DASHBOARD_FORMATS, PAYER_PAGE_FORMATS, warmUpIntl } from './app/warm-up-intl';
import { startEarlyReads } from './lib/early-reads';
import { mayBeSignedIn } from './lib/session-record';
import { DASHBOARD_HOME_READ_PATHS } from './features/dashboard/api/home-read-paths';
import { DashboardFrame, holdsDashboardFrame } from './features/dashboard/components/dashboard-frame';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount Paylink in.');

// Split at the entry: a payer's page (/p/{id}, the result pages) loads React and the page only; every
// other address loads the router, react-query and the merchant dashboard's pages (app/payer-routes.ts).
// What a page reads first is its route's loader's to start, through the query client (docs/decisions.md #180).
const payerRoute = matchPayerRoute(window.location);

/*
 * The sign-in, sign-up, support and legal pages arrive drawn (shared/prerendered-pages.ts) and load this entry
 * once the visitor reaches for the page (the landing page loads only its header island, landing-island.ts;
 * docs/decisions.md #90, #220): React hydrates that markup once the router has the page's code, so nothing
 * the visitor sees (or has typed) is replaced. The forms are drawn as a visitor with no session sees them; a
 * browser that may hold a session may be sent elsewhere (/login → /dashboard): it draws them afresh. The
 * support and legal pages are the same for everyone: always adopted. /p/{id} arrives drawn by the server from
 * the markup the React page renders too (shared/payer-page-markup.ts), and is hydrated: its nodes are
 * adopted, never drawn again (docs/decisions.md #144).
 */
// The dashboard home's HTML arrives with the dashboard's frame drawn (web/page-shells.ts): not a page, but what
// the entry would draw first, which it adopts instead (docs/decisions.md #295).
const frameArrived = holdsDashboardFrame(container);
const serverDrawn = container.hasChildNodes() && !frameArrived;
const drawnForSignedOut = SIGNED_OUT_PAGES.has(prerenderedPath(window.location.pathname));
const hydrate = serverDrawn && (payerRoute ? payerRoute.page === 'payment' : !(drawnForSignedOut && mayBeSignedIn()));

// A signed-in merchant's dashboard shows its frame at once, while the app, the session and the data arrive
// (docs/decisions.md #102); the app then renders into the same root. A visitor with no session record is sent on
// to sign in by the app, which draws over the frame the shell arrived with.
const onDashboard = !payerRoute && !serverDrawn && /^\/dashboard(\/|$)/.test(window.location.pathname);
const drawsDashboardFrame = onDashboard && mayBeSignedIn();
// Its own code is asked for now, beside the app's chunk, not once that chunk has run (docs/decisions.md #247);
// then, each in a task of its own, the home's reads with the session record's token, for the api client to take
// (docs/decisions.md #276), the frame (drawn, or adopted from the HTML), and Intl's locale data, which the home's code formats with as it is
// evaluated and drawn: the page waits for its code meanwhile, and no one of them is a long task
// (docs/decisions.md #291).
if (drawsDashboardFrame) startDashboardCode(window.location.pathname);
const frameRoot: Promise<Root> | undefined = drawsDashboardFrame
  ? (async () => {
      if (isDashboardHome(window.location.pathname)) {
        await nextTask();
        startEarlyReads(DASHBOARD_HOME_READ_PATHS);
      }
      await nextTask();
      const root = frameArrived ? adoptDashboardFrame(container) : drawDashboardFrame(container);
      warmUpIntl(DASHBOARD_FORMATS);
      return root;
    })()
  : undefined;

// A payer's page formats its amounts as it is hydrated: Intl's locale data is loaded while the page's chunk is on
// its way, in small tasks, not in the one task that hydrates the page (docs/decisions.md #300).
if (payerRoute) warmUpIntl(PAYER_PAGE_FORMATS);

const app: Promise<ReactNode> = payerRoute
  ? loadPayerPage(payerRoute)
  : import('./app/merchant-app').then(async ({ startMerchantApp }) => {
      // The router and the first reads start in a task of their own, after the one that evaluated the app's
      // modules (docs/decisions.md #247).
      await nextTask();
      const { app, whenRouterReady } = startMerchantApp();
      // Hydrating, or taking over the dashboard's frame: the router's loading spinner would replace what is
      // on screen until the page's code is in.
      if (hydrate || frameRoot) await whenRouterReady();
      return app;
    });

app.then(
  (page) => {
    // A page that arrived drawn is already readable, and the app adopts it (the prerendered pages and /p/{id}
    // are hydrated). On Preact's compat layer (docs/decisions.md #216) a transition does not slice the work: it
    // runs at once, in one task; it stays so that the same start would yield on React's own runtime.
    if (hydrate) return startTransition(() => void hydrateRoot(container, <StrictMode>{page}</StrictMode>));
    if (!frameRoot) return createRoot(container).render(<StrictMode>{page}</StrictMode>);
    // The same for the dashboard's frame: it stays on screen until the app's page replaces it in one commit.
    return frameRoot.then((root) => startTransition(() => root.render(<StrictMode>{page}</StrictMode>)));
  },
  async (error: unknown) => {
    // The app's code did not arrive (offline, or a deploy replaced the files): say so instead of a blank page.
    console.error(error);
    ((await frameRoot) ?? createRoot(container)).render(
      <p role="alert" style={{ padding: '2rem', fontFamily: 'system-ui, sans-serif' }}>
        {BRAND_NAME} could not load. Check your connection and reload the page.
      </p>,
    );
  },
);

/** Resolves in a task of its own, so what comes before and after are two tasks (the browser may paint or take a tap between). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The frame, committed now so the browser's next paint has it. */
function drawDashboardFrame(element: HTMLElement): Root {
  const root = createRoot(element);
  flushSync(() => root.render(<DashboardFrame />));
  return root;
}

/** The frame the page's HTML arrived with, hydrated: its nodes are kept, nothing is drawn again. */
function adoptDashboardFrame(element: HTMLElement): Root {
  return hydrateRoot(element, <DashboardFrame />);
}
