import type { Format } from '../api/index.js';
import { NO_TOKENS, type Llm, type PageInput, type TokenUsage } from '../llm/types.js';
import type { Document } from '../api/document.js';
import type { ChangeStore } from '../store/changes.js';
import { type ChangeTracking, trackChange } from './track.js';

export type ChangeTrackingFormat = Extract<Format, { type: 'changeTracking' }>;

export interface ChangeTrackingDeps {
  changes: ChangeStore;
  /** Extracts what json mode compares when the scrape did not ask for the json format itself. */
  llm?: Llm | undefined;
}

export interface ChangeTrackingInput {
  teamId: string;
  /** The URL as requested (normalised), so that a redirect does not split a page's history. */
  url: string;
  /** Built with markdown, and with `json` when the json format ran before this step. */
  document: Document & { json?: unknown };
  format: ChangeTrackingFormat;
  /** The page as the model reads it for json mode; built from the Document when absent. */
  page?: PageInput | undefined;
  zeroDataRetention?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * The `changeTracking` format (§2.2): the page compared with the team's
 * previous scrape of the same URL under the same tag. Anything that keeps
 * json mode from comparing is a warning, never a failed scrape.
 */
export async function changeTrackingOf(
  deps: ChangeTrackingDeps,
  input: ChangeTrackingInput,
): Promise<{ changeTracking: ChangeTracking; warnings: string[]; usage: TokenUsage }> {
  const { document, format } = input;
  const warnings: string[] = [];
  let usage = NO_TOKENS;
  let json: unknown;
  if (format.modes.includes('json')) {
    if (document.json !== undefined) json = document.json;
    else if (!format.schema && !format.prompt) warnings.push('changeTracking json mode needs a schema or a prompt: only the markdown was compared.');
    else if (!deps.llm) warnings.push('changeTracking json mode needs a language model: only the markdown was compared.');
    else {
      try {
        const out = await deps.llm.extract({
          pages: [input.page ?? { url: input.url, markdown: document.markdown ?? '', metadata: document.metadata }],
          ...(format.schema && { schema: format.schema }),
          ...(format.prompt && { prompt: format.prompt }),
          ...(input.signal && { signal: input.signal }),
        });
        json = out.data;
        usage = out.usage;
        warnings.push(...out.warnings.map((w) => `changeTracking: ${w}`));
      } catch (err) {
        warnings.push(`changeTracking could not extract JSON (${err instanceof Error ? err.message : String(err)}): only the markdown was compared.`);
      }
    }
  }
  const modes = json === undefined ? format.modes.filter((m) => m !== 'json') : format.modes;
  const { tracking } = await trackChange(deps.changes, {
    teamId: input.teamId,
    tag: format.tag ?? '',
    url: input.url,
    scrapeId: document.metadata.scrapeId,
    markdown: document.markdown ?? '',
    statusCode: document.metadata.statusCode,
    json,
    modes,
    keep: !input.zeroDataRetention,
  });
  return { changeTracking: tracking, warnings, usage };
}
