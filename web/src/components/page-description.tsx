import { useContext, useEffect } from 'react';
import { PrerenderedHeadContext } from './prerendered-head';

/**
 * The page's `<meta name="description">` (what a search result shows under its title), while the page is
 * shown. index.html carries one for every page; a `<meta>` rendered by React 19 would be hoisted beside it,
 * leaving two, so this sets the content of the one tag instead and puts the previous words back on leaving.
 */
export function PageDescription({ content }: { content: string }) {
  // Effects never run in a server render: the prerender hears the words while rendering.
  useContext(PrerenderedHeadContext)?.({ description: content });
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = content;
    return () => {
      tag.content = previous;
    };
  }, [content]);
  return null;
}
