import { createContext } from 'react';

/** What a page puts in `<head>` while shown (components/page-title.tsx, page-description.tsx). */
export interface PrerenderedHead {
  title?: string;
  description?: string;
}

/**
 * How a build-time render (src/prerender.tsx) hears the page's tab title and description, to write them into
 * the prerendered file: a crawler, or a visitor before the page's code has arrived, reads the page's own
 * words, not index.html's. Only the prerender provides it; in a browser it is null.
 */
export const PrerenderedHeadContext = createContext<((head: PrerenderedHead) => void) | null>(null);
