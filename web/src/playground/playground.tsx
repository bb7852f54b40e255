import { href } from '../router.js';
import { CrawlTool } from './crawl.js';
import { ExtractTool } from './extract.js';
import { MapTool } from './map.js';
import { ParseTool } from './parse.js';
import { ScrapeTool } from './scrape.js';
import { SearchTool } from './search.js';

const TOOLS = [
  { id: 'scrape', label: 'Scrape', blurb: 'One page, in the formats you pick.' },
  { id: 'crawl', label: 'Crawl', blurb: 'A whole site or section; follow it live under Jobs.' },
  { id: 'map', label: 'Map', blurb: 'Every URL of a site, fast, without scraping them.' },
  {
    id: 'search',
    label: 'Search',
    blurb:
      'Searches this server’s own index (the pages it has scraped or crawled) and, when the operator has set one up, a web search provider (TRAWL_SEARXNG_URL). Optionally scrapes each result.',
  },
  { id: 'extract', label: 'Extract', blurb: 'Structured data from pages, by prompt or schema.' },
  { id: 'parse', label: 'Parse', blurb: 'A file you upload (PDF, DOCX, HTML…) as markdown.' },
] as const;

export function Playground({ tool = 'scrape' }: { tool?: string }) {
  const current = TOOLS.find((t) => t.id === tool) ?? TOOLS[0];
  return (
    <section>
      <h2>Playground</h2>
      <div class="tabs" role="tablist">
        {TOOLS.map((t) => (
          <a role="tab" aria-selected={t.id === current.id} class={t.id === current.id ? 'tab active' : 'tab'} href={href('playground', t.id)}>
            {t.label}
          </a>
        ))}
      </div>
      <p class="muted">{current.blurb}</p>
      {current.id === 'scrape' && <ScrapeTool />}
      {current.id === 'crawl' && <CrawlTool />}
      {current.id === 'map' && <MapTool />}
      {current.id === 'search' && <SearchTool />}
      {current.id === 'extract' && <ExtractTool />}
      {current.id === 'parse' && <ParseTool />}
    </section>
  );
}
