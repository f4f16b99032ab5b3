import { useContext, useLayoutEffect } from 'react';
import { BRAND_NAME } from '@shared/brand';
import { PrerenderedHeadContext } from './prerendered-head';

/** index.html's own `<title>`: the tab's name on a page that names none. */
const SHELL_TITLE = BRAND_NAME;

/**
 * Names the browser tab while it is on screen, and gives the tab its name back when it goes. An effect on
 * `document.title`, not React 19's `<title>` in the tree: the browser build runs on Preact's compat layer
 * (docs/decisions.md #216), which would draw a `<title>` where it stands, in the body, and leave the tab's
 * name alone. Draws nothing, so a server-drawn page it is part of is hydrated without a node added; the build's
 * prerender writes the name into the page's `<title>` (components/prerendered-head.ts).
 */
export function PageTitle({ children }: { children: string }) {
  // Effects never run in a server render: the prerender hears the title while rendering.
  useContext(PrerenderedHeadContext)?.({ title: children });
  useLayoutEffect(() => {
    const before = document.title;
    document.title = children;
    return () => {
      // A prerendered page arrives with its own name already in <head> (docs/decisions.md #220): leaving it
      // gives the tab the shell's name, not the page's again.
      document.title = before === children ? SHELL_TITLE : before;
    };
  }, [children]);
  return null;
}
