// The cleaned page as a view of the parsed tree: the nodes to show, in order, and the
// elements inside them to leave out. Cleaning produces it; the serializers read it.
import type { ChildNode, Element } from './dom.js';

export interface Content {
  nodes: ChildNode[];
  skip: ReadonlySet<Element>;
}
