/** One item of a map's `links` (§6.3). */
export interface MapLink {
  url: string;
  title?: string;
  description?: string;
}
