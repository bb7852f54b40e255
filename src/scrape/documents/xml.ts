import { type ChildNode, type Document, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * The XML inside office packages, read as a DOM. Element and attribute names are
 * matched on their local part: the namespace prefixes (`a:`, `text:`…) are
 * conventional, not guaranteed, and no two of the names we look for collide.
 */
export function parseXml(xml: string): Document {
  return parseDocument(xml, { xmlMode: true });
}

export function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

export function is(node: ChildNode, name: string): node is Element {
  return isTag(node) && localName(node.name) === name;
}

export function attr(el: Element, name: string): string | undefined {
  for (const [key, value] of Object.entries(el.attribs)) if (localName(key) === name) return value;
  return undefined;
}

export function children(node: Element | Document, name?: string): Element[] {
  return node.children.filter((c): c is Element => isTag(c) && (name === undefined || localName(c.name) === name));
}

export function child(node: Element | Document, name: string): Element | undefined {
  return children(node, name)[0];
}

/** Depth-first, document order; does not descend into matches. */
export function find(node: Element | Document, name: string): Element[] {
  const found: Element[] = [];
  const walk = (n: Element | Document) => {
    for (const c of n.children) {
      if (!isTag(c)) continue;
      if (localName(c.name) === name) found.push(c);
      else walk(c);
    }
  };
  walk(node);
  return found;
}

export function findFirst(node: Element | Document, name: string): Element | undefined {
  for (const c of node.children) {
    if (!isTag(c)) continue;
    if (localName(c.name) === name) return c;
    const deeper = findFirst(c, name);
    if (deeper) return deeper;
  }
  return undefined;
}

export function textOf(node: ChildNode | Document): string {
  if (isText(node)) return node.data;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}
