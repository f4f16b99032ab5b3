/**
 * The prerendered landing page's only script (docs/decisions.md #90, #111). Everything on the page is HTML
 * that works without code — its links are plain links — except the header's mobile menu, and that is a few
 * lines of DOM behaviour (features/landing/site-menu.ts): no React, router, react-query, zod or Amplify of
 * the merchant app (main.tsx). web/public/prerendered-boot.js asks for it once the page is painted.
 */
import { connectSiteMenu, SITE_HEADER_ID } from './features/landing/site-menu';

const header = document.getElementById(SITE_HEADER_ID);
// Always drawn by the prerender step; a page without it has no menu to connect.
if (header) connectSiteMenu(header);
