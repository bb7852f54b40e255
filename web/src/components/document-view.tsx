import { useState } from 'preact/hooks';
import { JsonView } from './json-view.js';
import { Markdown } from './markdown.js';
import { safeHref, safeImageSrc } from './safe-url.js';
import { type Tab, Tabs } from './tabs.js';

/** One scraped page (§2.6), each format shown the way a person reads it. */
export function DocumentView({ doc }: { doc: any }) {
  const tabs: Tab[] = [];
  if (typeof doc.markdown === 'string') tabs.push({ id: 'markdown', label: 'Markdown' });
  if (doc.summary) tabs.push({ id: 'summary', label: 'Summary' });
  if (doc.json !== undefined) tabs.push({ id: 'json', label: 'JSON' });
  if (doc.screenshot) tabs.push({ id: 'screenshot', label: 'Screenshot' });
  if (Array.isArray(doc.links)) tabs.push({ id: 'links', label: `Links (${doc.links.length})` });
  if (Array.isArray(doc.images)) tabs.push({ id: 'images', label: `Images (${doc.images.length})` });
  if (typeof doc.html === 'string') tabs.push({ id: 'html', label: 'HTML' });
  if (typeof doc.rawHtml === 'string') tabs.push({ id: 'rawHtml', label: 'Raw HTML' });
  if (doc.changeTracking) tabs.push({ id: 'changeTracking', label: 'Changes' });
  tabs.push({ id: 'document', label: 'Whole document' });
  const [chosen, setChosen] = useState(tabs[0]!.id);
  const current = tabs.some((t) => t.id === chosen) ? chosen : tabs[0]!.id;
  const meta = doc.metadata ?? {};
  const [source, setSource] = useState(false);

  return (
    <article class={meta.statusCode >= 400 ? 'document error-page' : 'document'} data-testid="document">
      <header class="doc-head">
        <h3>{meta.title || meta.sourceURL || doc.url || 'Untitled page'}</h3>
        <div class="doc-meta">
          {(meta.url ?? meta.sourceURL) && (
            <a href={safeHref(meta.url ?? meta.sourceURL)} target="_blank" rel="noopener noreferrer nofollow">
              {meta.url ?? meta.sourceURL}
            </a>
          )}
          {meta.statusCode !== undefined && <span class={`badge ${meta.statusCode < 400 ? 'ok' : 'bad'}`}>{meta.statusCode}</span>}
          {meta.contentType && <span class="badge">{meta.contentType}</span>}
          {meta.cacheState && <span class="badge">cache {meta.cacheState}</span>}
        </div>
        {meta.statusCode >= 400 && (
          <div class="note error" role="alert" data-testid="error-page">
            The page answered <strong>{meta.statusCode}</strong>
            {meta.error ? ` (${meta.error})` : ''}: what follows is the site’s error page, not the content you asked for. Check
            the URL.
          </div>
        )}
        {doc.warning && <div class="note warn">{doc.warning}</div>}
      </header>
      <Tabs tabs={tabs} current={current} onSelect={setChosen} />
      <div class="tab-body">
        {current === 'markdown' && (
          <>
            <label class="inline toggle">
              <input type="checkbox" checked={source} onChange={(e) => setSource(e.currentTarget.checked)} /> Show source
            </label>
            {source ? <pre class="source">{doc.markdown}</pre> : <Markdown source={doc.markdown} />}
          </>
        )}
        {current === 'summary' && <Markdown source={String(doc.summary)} />}
        {current === 'json' && <JsonView value={doc.json} />}
        {current === 'screenshot' && <img class="screenshot" src={safeImageSrc(doc.screenshot)} alt="Screenshot of the page" />}
        {current === 'links' && <UrlList urls={doc.links} />}
        {current === 'images' && <UrlList urls={doc.images} />}
        {current === 'html' && <pre class="source">{doc.html}</pre>}
        {current === 'rawHtml' && <pre class="source">{doc.rawHtml}</pre>}
        {current === 'changeTracking' && <JsonView value={doc.changeTracking} />}
        {current === 'document' && <JsonView value={doc} />}
      </div>
    </article>
  );
}

function UrlList({ urls }: { urls: string[] }) {
  return (
    <ul class="url-list">
      {urls.map((u) => (
        <li>
          <a href={safeHref(u)} target="_blank" rel="noopener noreferrer nofollow">
            {u}
          </a>
        </li>
      ))}
    </ul>
  );
}
