// How much text a part of the page holds and how much of it is links: what the main-content
// rules weigh blocks by.
import type { ParentNode } from '../dom.js';

export interface Weight {
  text: number; // characters of text
  links: number; // of which inside links
  anchors: number; // links with text
  commas: number; // clauses, a sign of prose
}

export type WeightOf = (node: ParentNode) => Weight;

export const NOTHING: Weight = { text: 0, links: 0, anchors: 0, commas: 0 };

export function prose(w: Weight): number {
  return w.text - w.links;
}
