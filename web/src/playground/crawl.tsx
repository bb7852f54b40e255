import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { rememberJob } from '../api/recent-jobs.js';
import { Check, listOf, NumberField, numberOf, Row, Select, TextArea, TextField } from '../components/fields.js';
import { navigate } from '../router.js';
import { defaultChoices, ScrapeOptionsFields, toScrapeOptions } from './scrape-options.js';
import { ToolForm } from './tool-form.js';
import { useCall } from '../api/use-call.js';

const SITEMAP = ['include', 'skip', 'only'] as const;

/** Starts a crawl (§7.1) or a batch scrape (§8.1), then follows it on its job screen. */
export function CrawlTool() {
  const [mode, setMode] = useState<'crawl' | 'batch'>('crawl');
  const [url, setUrl] = useState('');
  const [urls, setUrls] = useState('');
  const [limit, setLimit] = useState('10');
  const [depth, setDepth] = useState('');
  const [include, setInclude] = useState('');
  const [exclude, setExclude] = useState('');
  const [sitemap, setSitemap] = useState<(typeof SITEMAP)[number]>('include');
  const [entireDomain, setEntireDomain] = useState(false);
  const [subdomains, setSubdomains] = useState(false);
  const [choices, setChoices] = useState(defaultChoices());
  const call = useCall();

  async function start() {
    const scrapeOptions = toScrapeOptions(choices);
    if (mode === 'batch') {
      const list = listOf(urls);
      const r = await api('POST', '/v2/batch/scrape', { urls: list, ...scrapeOptions });
      rememberJob({ kind: 'batch', id: r.id, label: `${list.length} URL${list.length === 1 ? '' : 's'}`, startedAt: new Date().toISOString() });
      navigate('jobs', 'batch', r.id);
      return r;
    }
    const body: Record<string, unknown> = { url, sitemap, scrapeOptions };
    if (numberOf(limit) !== undefined) body.limit = numberOf(limit);
    if (numberOf(depth) !== undefined) body.maxDiscoveryDepth = numberOf(depth);
    if (listOf(include).length) body.includePaths = listOf(include);
    if (listOf(exclude).length) body.excludePaths = listOf(exclude);
    if (entireDomain) body.crawlEntireDomain = true;
    if (subdomains) body.allowSubdomains = true;
    const r = await api('POST', '/v2/crawl', body);
    rememberJob({ kind: 'crawl', id: r.id, label: url, startedAt: new Date().toISOString() });
    navigate('jobs', 'crawl', r.id);
    return r;
  }

  return (
    <ToolForm
      call={call}
      run={start}
      submit={mode === 'crawl' ? 'Start crawl' : 'Start batch'}
      busy="Starting…"
      fields={
        <>
          <div class="checks">
            <label class="inline">
              <input type="radio" name="mode" checked={mode === 'crawl'} onChange={() => setMode('crawl')} /> Crawl a site
            </label>
            <label class="inline">
              <input type="radio" name="mode" checked={mode === 'batch'} onChange={() => setMode('batch')} /> Scrape a list of URLs
            </label>
          </div>
          {mode === 'crawl' ? (
            <>
              <TextField label="Start URL" name="url" value={url} onChange={setUrl} placeholder="https://example.com/docs" required />
              <Row>
                <NumberField label="Page limit" name="limit" min={1} value={limit} onChange={setLimit} />
                <NumberField label="Max depth" name="maxDiscoveryDepth" min={0} value={depth} onChange={setDepth} placeholder="unlimited" />
                <Select label="Sitemap" name="sitemap" value={sitemap} options={SITEMAP} onChange={(v) => setSitemap(v)} />
              </Row>
              <Row>
                <TextField label="Include paths (regex)" name="includePaths" value={include} onChange={setInclude} placeholder="blog/.*" />
                <TextField label="Exclude paths (regex)" name="excludePaths" value={exclude} onChange={setExclude} placeholder="tag/.*" />
              </Row>
              <div class="checks">
                <Check label="Whole domain (not just below the start path)" name="crawlEntireDomain" checked={entireDomain} onChange={setEntireDomain} />
                <Check label="Subdomains" name="allowSubdomains" checked={subdomains} onChange={setSubdomains} />
              </div>
            </>
          ) : (
            <TextArea label="URLs (one per line)" name="urls" rows={6} value={urls} onChange={setUrls} required />
          )}
          <ScrapeOptionsFields value={choices} onChange={setChoices} />
        </>
      }
    />
  );
}
