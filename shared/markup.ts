/**
 * Markup as data: an element tree that two renderers draw alike. The server writes it as an HTML string
 * (`toHtml`, for the payer page /p/{id}); the browser hands the same tree to React
 * (web/src/features/payer/components/markup-react.ts), which then adopts the server's nodes instead of
 * drawing them again (docs/decisions.md #144). No React here: the page's function stays small.
 *
 * Props use React's names (`className`, `htmlFor`, `strokeWidth`): `toHtml` writes their HTML names.
 * A function (an event handler) or a `ref` is React's alone and `toHtml` leaves it out.
 */
import { escapeHtml } from './escape-html';

/**
 * A child of an element. `Slot` is whatever else one renderer may place in the tree (the browser's React
 * nodes: a button with a click handler, a `<title>`); the server's trees have none.
 */
export type Markup<Slot = never> = MarkupElement<Slot> | string | null | undefined | false | Slot;

export interface MarkupElement<Slot = never> {
  readonly kind: 'element';
  readonly tag: string;
  readonly props: MarkupProps;
  readonly children: readonly Markup<Slot>[];
}

export type MarkupProps = Readonly<Record<string, unknown>>;

/**
 * An element. Neighbouring strings become one, so a text is one text node for both renderers: React would
 * otherwise draw two where the server's HTML holds one, and adopting the server's nodes would fail.
 */
export function h<Slot = never>(
  tag: string,
  props: MarkupProps | null,
  ...children: Markup<NoInfer<Slot>>[]
): MarkupElement<Slot> {
  const joined: Markup<Slot>[] = [];
  for (const child of children) {
    if (child === null || child === undefined || child === false || child === '') continue;
    const last = joined.length - 1;
    if (typeof child === 'string' && typeof joined[last] === 'string') joined[last] = `${joined[last]}${child}`;
    else joined.push(child);
  }
  return { kind: 'element', tag, props: props ?? {}, children: joined };
}

export function isMarkupElement(value: unknown): value is MarkupElement<unknown> {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'element';
}

/** React's prop names whose HTML attribute is spelled otherwise; the rest are written as they are. */
const HTML_NAMES: Readonly<Record<string, string>> = {
  className: 'class',
  htmlFor: 'for',
  inputMode: 'inputmode',
  autoComplete: 'autocomplete',
  noValidate: 'novalidate',
  strokeWidth: 'stroke-width',
  strokeLinecap: 'stroke-linecap',
  strokeLinejoin: 'stroke-linejoin',
};

/** Elements with no end tag. */
const VOID_TAGS = new Set(['input', 'br', 'img', 'meta', 'link']);

function attributes(props: MarkupProps): string {
  return Object.entries(props)
    .flatMap(([name, value]) => {
      if (name === 'ref' || name === 'key' || typeof value === 'function') return [];
      if (value === undefined || value === null || value === false) return [];
      const attribute = HTML_NAMES[name] ?? name;
      return value === true ? [` ${attribute}`] : [` ${attribute}="${escapeHtml(String(value))}"`];
    })
    .join('');
}

/** The tree as HTML; every string in it is escaped, so a merchant's words can never close a tag. */
export function toHtml(markup: Markup): string {
  if (markup === null || markup === undefined || markup === false) return '';
  if (typeof markup === 'string') return escapeHtml(markup);
  const open = `<${markup.tag}${attributes(markup.props)}>`;
  if (VOID_TAGS.has(markup.tag)) return open;
  return `${open}${markup.children.map((child) => toHtml(child)).join('')}</${markup.tag}>`;
}
