import { useLayoutEffect } from 'react';

/**
 * Names the browser tab while it is on screen, and gives the tab its name back when it goes. An effect on
 * `document.title`, not React 19's `<title>` in the tree: the browser build runs on Preact's compat layer
 * (docs/decisions.md #216), which would draw a `<title>` where it stands, in the body, and leave the tab's
 * name alone. Draws nothing, so a server-drawn page it is part of is hydrated without a node added.
 */
export function PageTitle({ children }: { children: string }) {
  useLayoutEffect(() => {
    const before = document.title;
    document.title = children;
    return () => {
      document.title = before;
    };
  }, [children]);
  return null;
}
