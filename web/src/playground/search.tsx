import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { DocumentView } from '../components/document-view.js';
import { Check, CheckList, NumberField, numberOf, Row, TextField } from '../components/fields.js';
import { Empty } from '../components/notes.js';
import { safeHref, safeImageSrc } from '../components/safe-url.js';
import { defaultChoices, ScrapeOptionsFields, toScrapeOptions } from './scrape-options.js';
import { ToolForm } from './tool-form.js';
import { useCall } from '../api/use-call.js';

const SOURCES = ['web', 'news', 'images'] as const;

export function SearchTool() {
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState('5');
  const [sources, setSources] = useState<string[]>(['web']);
  const [scrape, setScrape] = useState(false);
  const [choices, setChoices] = useState(defaultChoices());
  const call = useCall();

  function run() {
    const body: Record<string, unknown> = { query, sources };
    if (numberOf(limit) !== undefined) body.limit = numberOf(limit);
    if (scrape) body.scrapeOptions = toScrapeOptions(choices);
    return api('POST', '/v2/search', body);
  }

  const data = call.result?.data;
  return (
    <ToolForm
      call={call}
      run={run}
      submit="Search"
      busy="Searching…"
      fields={
        <>
          <TextField label="Query" name="query" value={query} onChange={setQuery} placeholder="site:docs.example.com webhooks" required />
          <Row>
            <NumberField label="Results per source" name="limit" min={1} value={limit} onChange={setLimit} />
          </Row>
          <CheckList name="source" options={SOURCES} value={sources} onChange={setSources} />
          <Check label="Scrape each result" name="scrape" checked={scrape} onChange={setScrape} />
          {scrape && <ScrapeOptionsFields value={choices} onChange={setChoices} />}
        </>
      }
    >
      {call.result?.warning && <div class="note warn">{call.result.warning}</div>}
      {data &&
        SOURCES.filter((s) => data[s]).map((s) => (
          <div class="card">
            <h3>
              {s} <span class="muted">({data[s].length})</span>
            </h3>
            {data[s].length === 0 && (
              <Empty>
                No results. Unless its operator added a search provider, this server searches only the pages it has
                scraped or crawled itself: crawl a site first, or set TRAWL_SEARXNG_URL on the server to search the web.
              </Empty>
            )}
            {data[s].map((item: any) => (
              <SearchHit item={item} />
            ))}
          </div>
        ))}
    </ToolForm>
  );
}

function SearchHit({ item }: { item: any }) {
  const [open, setOpen] = useState(false);
  const scraped = item.markdown !== undefined || item.metadata !== undefined;
  return (
    <div class="hit">
      {item.imageUrl && <img class="thumb" src={safeImageSrc(item.imageUrl)} alt="" />}
      <a class="hit-title" href={safeHref(item.url)} target="_blank" rel="noopener noreferrer nofollow">
        {item.title || item.url}
      </a>
      <div class="muted small">{item.url}</div>
      {(item.description || item.snippet) && <p class="snippet">{item.description ?? item.snippet}</p>}
      {scraped && (
        <button type="button" class="link" onClick={() => setOpen(!open)}>
          {open ? 'Hide the page' : 'Show the scraped page'}
        </button>
      )}
      {open && <DocumentView doc={item} />}
    </div>
  );
}
