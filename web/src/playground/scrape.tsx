import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { DocumentView } from '../components/document-view.js';
import { TextField } from '../components/fields.js';
import { defaultChoices, ScrapeOptionsFields, toScrapeOptions } from './scrape-options.js';
import { ToolForm } from './tool-form.js';
import { useCall } from '../api/use-call.js';

export function ScrapeTool() {
  const [url, setUrl] = useState('');
  const [choices, setChoices] = useState(defaultChoices());
  const call = useCall();

  return (
    <ToolForm
      call={call}
      run={() => api('POST', '/v2/scrape', { url, ...toScrapeOptions(choices) })}
      submit="Scrape"
      busy="Scraping…"
      fields={
        <>
          <TextField label="URL" name="url" value={url} onChange={setUrl} placeholder="https://example.com" required />
          <ScrapeOptionsFields value={choices} onChange={setChoices} />
        </>
      }
    >
      {call.result && <DocumentView doc={call.result.data} />}
    </ToolForm>
  );
}
