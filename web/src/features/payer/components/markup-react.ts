import { createElement, type ReactNode } from 'react';
import { isMarkupElement, type Markup } from '@shared/markup';

/**
 * shared/markup.ts's element tree as React elements: the payer's pages render the trees the server writes
 * as HTML (shared/payer-page-markup.ts), so hydrating /p/{id} adopts the server's nodes (docs/decisions.md
 * #144). Anything in the tree that is not markup is a React node already (a `<title>`, a button with its
 * handler) and is placed as it is.
 */
export function toReact(markup: Markup<ReactNode>): ReactNode {
  if (!isMarkupElement(markup)) return markup;
  const children = markup.children.map((child) => toReact(child as Markup<ReactNode>));
  // Spread, not an array: the children are positional, as in JSX, and need no keys.
  return createElement(markup.tag, markup.props, ...children);
}
