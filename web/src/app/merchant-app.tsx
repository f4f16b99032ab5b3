// First: zod/mini's English words, before any form checks anything (docs/decisions.md #106).
import '@web/lib/zod-english';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { warmUpFirstRender } from './warm-up';

export interface StartedMerchantApp {
  /** The rest of the site: the landing and sign-in pages and the merchant dashboard, behind the router. */
  app: ReactNode;
  /**
   * Resolves once the router has loaded the code of the page at the address (its `lazy` routes) and run its
   * loaders. Hydrating a prerendered page waits for it: until then the router would draw its loading spinner,
   * not the page the HTML already shows.
   */
  whenRouterReady(): Promise<void>;
}

/**
 * Makes the page's one query client and one router (the router's loaders prefetch into the client the pages
 * read from, docs/decisions.md #180), which starts the page's reads. Called by main.tsx in a task after the one
 * that evaluated this chunk (docs/decisions.md #247): on a phone the two together were one long task that a tap
 * waited behind.
 */
export function startMerchantApp(): StartedMerchantApp {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  warmUpFirstRender();
  return {
    app: (
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    ),
    whenRouterReady() {
      if (router.state.initialized) return Promise.resolve();
      return new Promise((resolve) => {
        const unsubscribe = router.subscribe((state) => {
          if (!state.initialized) return;
          unsubscribe();
          resolve();
        });
      });
    },
  };
}
