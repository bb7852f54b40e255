import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { DocumentView } from '../components/document-view.js';
import { Check, CheckList } from '../components/fields.js';
import { ToolForm } from './tool-form.js';
import { useCall } from '../api/use-call.js';

/** Parse takes no screenshot, change tracking or media formats (§4). */
const PARSE_FORMATS = ['markdown', 'summary', 'links', 'images', 'html', 'rawHtml'] as const;

export function ParseTool() {
  const [file, setFile] = useState<File | null>(null);
  const [formats, setFormats] = useState<string[]>(['markdown']);
  const [mainOnly, setMainOnly] = useState(true);
  const call = useCall();

  function run() {
    const form = new FormData();
    form.append('file', file!, file!.name);
    form.append('options', JSON.stringify({ formats, onlyMainContent: mainOnly }));
    return api('POST', '/v2/parse', form);
  }

  return (
    <ToolForm
      call={call}
      run={run}
      submit="Parse"
      busy="Parsing…"
      ready={file !== null}
      fields={
        <>
          <label>
            File
            <input name="file" type="file" required onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
            <span class="hint">PDF, DOCX, XLSX, PPTX, ODT, RTF, EPUB, HTML, CSV…</span>
          </label>
          <fieldset>
            <legend>Formats</legend>
            <CheckList name="format" options={PARSE_FORMATS} value={formats} onChange={setFormats} />
            <Check label="Main content only" name="onlyMainContent" checked={mainOnly} onChange={setMainOnly} />
          </fieldset>
        </>
      }
    >
      {call.result && <DocumentView doc={call.result.data} />}
    </ToolForm>
  );
}
