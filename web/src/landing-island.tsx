/**
 * The prerendered landing page's only script (docs/decisions.md #90). Everything on the page is HTML that
 * works without code — its links are plain links — except the header's mobile menu, so only the header is
 * hydrated: React and the menu, not the router, react-query, zod or Amplify of the merchant app (main.tsx).
 * web/public/prerendered-boot.js asks for it once the page is painted.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SITE_HEADER_ISLAND_ID, SiteHeader } from './features/landing/components/site-header';

const island = document.getElementById(SITE_HEADER_ISLAND_ID);
// Drawn by the prerender step; a page drawn by the merchant app (a visit that came through it) has its own.
if (island?.hasChildNodes()) {
  startTransition(() => {
    hydrateRoot(
      island,
      <StrictMode>
        <SiteHeader />
      </StrictMode>,
    );
  });
}
