import type { Command } from 'commander';
import type { Document, Format } from '../../../sdk/js/src/index.js';
import { type ApiOptions, clientFor, int, jsonSchema, list, printJson, withApiOptions } from '../api.js';

interface ScrapeFlags extends ApiOptions {
  formats?: string[];
  prompt?: string;
  schema?: Record<string, unknown>;
  mainContent: boolean;
  waitFor?: number;
  timeout?: number;
  maxAge?: number;
  allowErrorPages?: boolean;
}

/** Exit code of a scrape whose page answered 4xx/5xx: the request worked, the page did not. */
export const ERROR_PAGE_EXIT_CODE = 2;

/** The formats to ask for: `json` carries --prompt/--schema, and markdown output needs markdown. */
function formatsOf(flags: ScrapeFlags): Format[] {
  const names = flags.formats ?? ['markdown'];
  if ((flags.prompt || flags.schema) && !names.includes('json')) {
    throw new Error('--prompt and --schema describe the json format: add --formats json (e.g. --formats markdown,json).');
  }
  const formats: Format[] = names.map((name) =>
    name === 'json' ? { type: 'json', ...(flags.prompt && { prompt: flags.prompt }), ...(flags.schema && { schema: flags.schema }) } : (name as Format),
  );
  if (flags.format === 'markdown' && !names.includes('markdown') && !names.includes('json')) formats.push('markdown');
  return formats;
}

/** A page that answered 4xx/5xx is an error page, not the content that was asked for. */
function errorPageOf(doc: Document): string | undefined {
  const status = doc.metadata?.statusCode;
  if (typeof status !== 'number' || status < 400) return undefined;
  const detail = typeof doc.metadata?.error === 'string' && doc.metadata.error ? ` (${doc.metadata.error})` : '';
  return `${status}${detail}`;
}

/** `trawl scrape URL`: one page, as markdown (default) or the whole document as JSON. */
export function registerScrape(program: Command) {
  withApiOptions(program.command('scrape').description('scrape one page'))
    .argument('<url>')
    .option('--formats <list>', 'formats to ask for, comma-separated (markdown,html,rawHtml,links,images,screenshot,json,…); shown with --format json', list)
    .option('-p, --prompt <text>', 'with --formats json: what to extract from the page')
    .option('-s, --schema <json|file>', 'with --formats json: JSON Schema of the result', jsonSchema)
    .option('--no-main-content', 'keep headers, navigation and footers')
    .option('--wait-for <ms>', 'wait this long after the page loads', int)
    .option('--timeout <ms>', 'give up after this long', int)
    .option('--max-age <ms>', 'accept a cached copy up to this old (0: always fetch)', int)
    .option('--allow-error-pages', `print a page that answered 4xx/5xx and exit 0 (default: warn and exit ${ERROR_PAGE_EXIT_CODE})`)
    .action(async (url: string, flags: ScrapeFlags) => {
      const doc = await clientFor(flags).scrape(url, {
        formats: formatsOf(flags),
        onlyMainContent: flags.mainContent,
        waitFor: flags.waitFor,
        timeout: flags.timeout,
        maxAge: flags.maxAge,
      });
      const errorPage = flags.allowErrorPages ? undefined : errorPageOf(doc);
      if (errorPage) {
        process.stderr.write(`The page answered ${errorPage}: it is an error page, not the content. Pass --allow-error-pages to print it anyway.\n`);
        process.exitCode = ERROR_PAGE_EXIT_CODE;
        return;
      }
      if (doc.warning) process.stderr.write(`Warning: ${doc.warning}\n`);
      if (flags.format === 'json') printJson(doc);
      // Asked for extracted data alone: that data is the output.
      else if (doc.markdown === undefined && doc.json !== undefined) printJson(doc.json);
      else process.stdout.write(`${(doc.markdown ?? '').trimEnd()}\n`);
    });
}
