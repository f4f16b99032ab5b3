/**
 * Build-time rendering of the pages in shared/prerendered-pages.ts, and of the preloading shells' frames (run by the build's prerender step in
 * web/vite.config.ts, never shipped to a browser): the same routes and providers as the browser's app
 * (app/merchant-app.tsx), drawn by React Router's static router, so the browser can hydrate the markup.
 * It is rendered as a visitor with no session sees it: the signed-out pages draw their forms.
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRoutes } from './app/router';
import { PrerenderedHeadContext, type PrerenderedHead } from './components/prerendered-head';
import { DashboardFrame } from './features/dashboard/components/dashboard-frame';

const ORIGIN = 'http://prerender.invalid';

export interface RenderedPage {
  /** What goes in `#root`. */
  markup: string;
  /** The page's own tab title and `<meta name="description">` words, those it sets (components/page-title.tsx,
   * page-description.tsx). */
  head: PrerenderedHead;
}

export async function renderPage(pathname: string): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  const { query, dataRoutes } = createStaticHandler(createAppRoutes(queryClient));
  const context = await query(new Request(new URL(pathname, ORIGIN)));
  if (context instanceof Response) throw new Error(`Prerendering ${pathname} answered a redirect`);
  if (context.errors) throw new Error(`Prerendering ${pathname} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(dataRoutes, context);
  const head: PrerenderedHead = {};
  const markup = renderToString(
    <StrictMode>
      <PrerenderedHeadContext value={(words) => Object.assign(head, words)}>
        <AppProviders queryClient={queryClient}>
          {/* hydrate={false}: no inline script (the CSP allows none); the browser's router starts on its own. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </PrerenderedHeadContext>
    </StrictMode>,
  );
  return { markup, head };
}

/**
 * The frame each preloading shell (shared/prerendered-pages.ts, PRELOADING_SHELLS) arrives with in `#root`, which
 * the entry adopts (main.tsx): the dashboard's, the same component the entry and the guard draw while the session
 * and the page load (docs/decisions.md #295).
 */
const SHELL_FRAMES: Readonly<Record<string, () => ReactNode>> = {
  '/dashboard': () => <DashboardFrame />,
};

export function renderShellFrame(address: string): string {
  const frame = SHELL_FRAMES[address];
  if (!frame) throw new Error(`No frame for the preloading shell ${address}`);
  return renderToString(<StrictMode>{frame()}</StrictMode>);
}
