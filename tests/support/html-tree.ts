/**
 * HTML as a tree to compare, for markup we write ourselves (the server's and React's: well-formed, quoted
 * attributes, no scripts or raw text inside): each element's tag and attributes, each text decoded. React's
 * `<!-- -->` between texts is left out, and `<title>`s, which React puts in <head> wherever they are drawn.
 */
export interface HtmlNode {
  tag: string;
  attributes: Record<string, string>;
  children: (HtmlNode | string)[];
}

const VOID_TAGS = new Set(['input', 'br', 'img', 'meta', 'link']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);

export function parseHtml(html: string): HtmlNode {
  const root: HtmlNode = { tag: '#root', attributes: {}, children: [] };
  const open: HtmlNode[] = [root];
  const tokens = /<!--[\s\S]*?-->|<\/([a-z0-9]+)>|<([a-z0-9]+)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/gi;
  for (const [, closing, tag, attributeText, selfClosing, text] of html.matchAll(tokens)) {
    const parent = open.at(-1)!;
    if (text !== undefined) {
      const last = parent.children.at(-1);
      if (typeof last === 'string') parent.children[parent.children.length - 1] = last + decode(text);
      else parent.children.push(decode(text));
    } else if (closing) {
      if (open.pop()?.tag !== closing.toLowerCase()) throw new Error(`Unbalanced </${closing}>`);
    } else if (tag) {
      const attributes: Record<string, string> = {};
      for (const [, name, value] of (attributeText ?? '').matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) {
        attributes[name!.toLowerCase()] = decode(value ?? '');
      }
      const node: HtmlNode = { tag: tag.toLowerCase(), attributes, children: [] };
      parent.children.push(node);
      if (!selfClosing && !VOID_TAGS.has(node.tag)) open.push(node);
    }
  }
  if (open.length !== 1) throw new Error(`Unclosed <${open.at(-1)!.tag}>`);
  return dropTitles(root);
}

function dropTitles(node: HtmlNode): HtmlNode {
  return {
    ...node,
    children: node.children.flatMap((child): (HtmlNode | string)[] =>
      typeof child === 'string' ? [child] : child.tag === 'title' ? [] : [dropTitles(child)],
    ),
  };
}

/** A class attribute as a sorted set, so the order two renderers write them in does not matter. */
export function withClassSets(node: HtmlNode): HtmlNode {
  const { class: classes, ...rest } = node.attributes;
  return {
    ...node,
    attributes:
      classes === undefined ? rest : { ...rest, class: classes.split(/\s+/).filter(Boolean).sort().join(' ') },
    children: node.children.map((child) => (typeof child === 'string' ? child : withClassSets(child))),
  };
}
