import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { Check, listOf, TextArea } from '../components/fields.js';
import { JsonView } from '../components/json-view.js';
import { ToolForm } from './tool-form.js';
import { useCall } from '../api/use-call.js';

const POLL_MS = 1500;
const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts an extract job (§9.1) and waits for it the way the SDKs do: polling its status. */
export function ExtractTool() {
  const [urls, setUrls] = useState('');
  const [prompt, setPrompt] = useState('');
  const [schema, setSchema] = useState('');
  const [webSearch, setWebSearch] = useState(false);
  const [sources, setSources] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const call = useCall();

  async function run() {
    const body: Record<string, unknown> = {};
    if (listOf(urls).length) body.urls = listOf(urls);
    if (prompt) body.prompt = prompt;
    if (schema.trim()) {
      try {
        body.schema = JSON.parse(schema);
      } catch {
        throw new Error('The schema is not valid JSON');
      }
    }
    if (webSearch) body.enableWebSearch = true;
    if (sources) body.showSources = true;
    const started = await api('POST', '/v2/extract', body);
    try {
      for (;;) {
        const s = await api('GET', `/v2/extract/${encodeURIComponent(started.id)}`);
        if (s.status === 'failed') throw new Error(s.error ?? 'The extraction failed');
        if (s.status !== 'processing') return s;
        setProgress(`Extracting… (job ${started.id})`);
        await sleep(POLL_MS);
      }
    } finally {
      setProgress(null);
    }
  }

  return (
    <ToolForm
      call={call}
      run={run}
      submit="Extract"
      busy="Extracting…"
      fields={
        <>
          <TextArea label="URLs (one per line; /* for a whole section)" name="urls" value={urls} onChange={setUrls} placeholder="https://example.com/pricing" />
          <TextArea label="Prompt" name="prompt" value={prompt} onChange={setPrompt} placeholder="The plan names and their monthly prices" />
          <TextArea label="JSON schema (optional)" name="schema" rows={5} value={schema} onChange={setSchema} placeholder='{"type":"object","properties":{"plans":{"type":"array"}}}' />
          <div class="checks">
            <Check label="Web search for more sources" name="enableWebSearch" checked={webSearch} onChange={setWebSearch} />
            <Check label="Show sources" name="showSources" checked={sources} onChange={setSources} />
          </div>
        </>
      }
    >
      {progress && <div class="note">{progress}</div>}
      {call.result && (
        <div class="card">
          <h3>Result</h3>
          <JsonView value={call.result.data} />
          {call.result.sources && (
            <>
              <h4>Sources</h4>
              <JsonView value={call.result.sources} />
            </>
          )}
          <p class="muted small">
            {plural(call.result.creditsUsed ?? 0, 'credit')}, {plural(call.result.tokensUsed ?? 0, 'token')}
          </p>
        </div>
      )}
    </ToolForm>
  );
}
