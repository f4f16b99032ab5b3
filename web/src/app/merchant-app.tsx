// First: zod/mini's English words, before any form checks anything (docs/decisions.md #106).
import '@web/lib/zod-english';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

// One client and one router for the page's life: the router's loaders prefetch into the client the pages
// read from (docs/decisions.md #180).
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

/** The rest of the site: the landing and sign-in pages and the merchant dashboard, behind the router. */
export function MerchantApp() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Resolves once the router has loaded the code of the page at the address (its `lazy` routes) and run its
 * loaders. Hydrating a prerendered page waits for it: until then the router would draw its loading spinner,
 * not the page the HTML already shows.
 */
export function whenRouterReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
