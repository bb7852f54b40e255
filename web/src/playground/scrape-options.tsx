import { Check, CheckList, NumberField, Row, TextArea } from '../components/fields.js';

/** The scrape options (§2.1) a person usually touches, shared by every tool that scrapes. */
export interface ScrapeChoices {
  formats: string[];
  jsonPrompt: string;
  onlyMainContent: boolean;
  fullPageScreenshot: boolean;
  waitFor: string;
  timeout: string;
  mobile: boolean;
  fresh: boolean;
}

const FORMATS = ['markdown', 'summary', 'json', 'links', 'images', 'screenshot', 'html', 'rawHtml'] as const;

export const defaultChoices = (): ScrapeChoices => ({
  formats: ['markdown'],
  jsonPrompt: '',
  onlyMainContent: true,
  fullPageScreenshot: false,
  waitFor: '',
  timeout: '',
  mobile: false,
  fresh: false,
});

/** The wire form: only what differs from the server's defaults. */
export function toScrapeOptions(c: ScrapeChoices): Record<string, unknown> {
  const formats = c.formats.map((f) => {
    if (f === 'json') return { type: 'json', prompt: c.jsonPrompt || 'Extract the main facts of the page' };
    if (f === 'screenshot' && c.fullPageScreenshot) return { type: 'screenshot', fullPage: true };
    return f;
  });
  const out: Record<string, unknown> = { formats };
  if (!c.onlyMainContent) out.onlyMainContent = false;
  if (c.waitFor) out.waitFor = Number(c.waitFor);
  if (c.timeout) out.timeout = Number(c.timeout);
  if (c.mobile) out.mobile = true;
  if (c.fresh) out.maxAge = 0;
  return out;
}

export function ScrapeOptionsFields({ value, onChange }: { value: ScrapeChoices; onChange(c: ScrapeChoices): void }) {
  const set = (patch: Partial<ScrapeChoices>) => onChange({ ...value, ...patch });
  return (
    <fieldset>
      <legend>Formats</legend>
      <CheckList name="format" options={FORMATS} value={value.formats} onChange={(formats) => set({ formats })} />
      {value.formats.includes('json') && (
        <TextArea label="JSON prompt" name="jsonPrompt" value={value.jsonPrompt} onChange={(jsonPrompt) => set({ jsonPrompt })} placeholder="Extract the plan names and prices" />
      )}
      {value.formats.includes('screenshot') && (
        <Check label="Full-page screenshot" name="fullPage" checked={value.fullPageScreenshot} onChange={(fullPageScreenshot) => set({ fullPageScreenshot })} />
      )}
      <div class="checks">
        <Check label="Main content only" name="onlyMainContent" checked={value.onlyMainContent} onChange={(onlyMainContent) => set({ onlyMainContent })} />
        <Check label="Mobile" name="mobile" checked={value.mobile} onChange={(mobile) => set({ mobile })} />
        <Check label="Skip the cache" name="fresh" checked={value.fresh} onChange={(fresh) => set({ fresh })} />
      </div>
      <Row>
        <NumberField label="Wait for (ms)" name="waitFor" min={0} value={value.waitFor} onChange={(waitFor) => set({ waitFor })} />
        <NumberField label="Timeout (ms)" name="timeout" min={1} value={value.timeout} onChange={(timeout) => set({ timeout })} placeholder="60000" />
      </Row>
    </fieldset>
  );
}
