import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { Check, NumberField, numberOf, Row, Select, TextField } from '../components/fields.js';
import { safeHref } from '../components/safe-url.js';
import { ToolForm } from './tool-form.js';
import { useCall } from '../api/use-call.js';

const SITEMAP = ['include', 'skip', 'only'] as const;

export function MapTool() {
  const [url, setUrl] = useState('');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState('');
  const [sitemap, setSitemap] = useState<(typeof SITEMAP)[number]>('include');
  const [subdomains, setSubdomains] = useState(true);
  const call = useCall();

  function run() {
    const body: Record<string, unknown> = { url, sitemap, includeSubdomains: subdomains };
    if (search) body.search = search;
    if (numberOf(limit) !== undefined) body.limit = numberOf(limit);
    return api('POST', '/v2/map', body);
  }

  return (
    <ToolForm
      call={call}
      run={run}
      submit="Map"
      busy="Mapping…"
      fields={
        <>
          <TextField label="URL" name="url" value={url} onChange={setUrl} placeholder="https://example.com" required />
          <TextField label="Rank by relevance to" name="search" value={search} onChange={setSearch} placeholder="pricing" />
          <Row>
            <NumberField label="Limit" name="limit" min={1} value={limit} onChange={setLimit} placeholder="5000" />
            <Select label="Sitemap" name="sitemap" value={sitemap} options={SITEMAP} onChange={(v) => setSitemap(v)} />
          </Row>
          <Check label="Subdomains" name="includeSubdomains" checked={subdomains} onChange={setSubdomains} />
        </>
      }
    >
      {call.result && (
        <div class="card">
          <h3>{call.result.links.length} URLs</h3>
          <table class="table">
            <thead>
              <tr>
                <th>URL</th>
                <th>Title</th>
              </tr>
            </thead>
            <tbody>
              {call.result.links.map((l: any) => (
                <tr>
                  <td>
                    <a href={safeHref(l.url)} target="_blank" rel="noopener noreferrer nofollow">
                      {l.url}
                    </a>
                  </td>
                  <td>{l.title ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ToolForm>
  );
}
