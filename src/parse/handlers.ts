import { randomUUID } from 'node:crypto';
import { type ParseOptions, parseOptions } from '../api/parse.js';
import { charge, tokensToCredits } from '../billing/credits.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { RequestContext } from '../http/route.js';
import { validate } from '../api/validate.js';
import { buildFile } from '../scrape/build.js';
import { deriveFormats, pageInputOf, wantsDerived, withoutUnrequested, withPageContent } from '../scrape/derived.js';
import type { Document, DocumentMetadata } from '../api/document.js';
import { detectDocument, isDocumentError } from '../scrape/documents/index.js';
import type { Config } from '../config.js';
import type { Llm } from '../llm/types.js';
import type { Store } from '../store/store.js';
import { invalidForm, readParseForm, type Upload } from './multipart.js';

export interface ParseDeps {
  store: Store;
  llm: Llm;
  config: Config;
}

/** Types that say nothing about the file; the bytes and the extension decide what it is. */
const UNINFORMATIVE_TYPES = new Set(['', 'application/octet-stream', 'text/plain']);

const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

function optionsOf(text: string | undefined): ParseOptions {
  let raw: unknown = {};
  if (text !== undefined && text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw invalidForm();
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalidForm();
  }
  return validate(parseOptions, raw, 'body');
}

/** Raced against the work, since a long PDF only checks its signal between pages. */
function withDeadline<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const signal = AbortSignal.timeout(Math.max(1, ms));
  const timedOut = () => new TrawlError('SCRAPE_TIMEOUT', 'Parse timed out');
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work(signal)
      .then(resolve, (err) => reject(signal.aborted ? timedOut() : err))
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function documentErrorToApi(err: unknown): unknown {
  if (!isDocumentError(err)) return err;
  switch (err.code) {
    case 'unsupported':
      return new TrawlError('SCRAPE_UNSUPPORTED_FILE_ERROR', err.message);
    case 'too_large':
      return new TrawlError('PAYLOAD_TOO_LARGE', err.message);
    default:
      // A damaged or encrypted upload is the caller's to fix, not a server failure.
      return new TrawlError('BAD_REQUEST', err.message);
  }
}

/** The upload's own type when it names one; otherwise what its bytes and name turned out to be. */
function contentTypeOf(file: Upload, detectedMimeType: string): string {
  if (!UNINFORMATIVE_TYPES.has(mediaType(file.contentType))) return file.contentType;
  const semicolon = file.contentType.indexOf(';');
  // A declared charset still tells how a text file is encoded.
  return semicolon < 0 ? detectedMimeType : detectedMimeType + file.contentType.slice(semicolon);
}

/** §4: `POST /v2/parse`, one uploaded file to a Document, like a scrape of it. */
export async function parseHandler(deps: ParseDeps, ctx: RequestContext) {
  const started = Date.now();
  const { config, store } = deps;
  const form = await readParseForm(ctx.req.raw, config.parseMaxBytes);
  if (!form.file || form.file.bytes.length === 0 || !form.file.filename.trim()) throw invalidForm();
  const options = optionsOf(form.options);

  const file = form.file;
  const detected = detectDocument({ bytes: file.bytes, contentType: file.contentType, filename: file.filename });
  if (detected.kind === 'unsupported') throw new TrawlError('SCRAPE_UNSUPPORTED_FILE_ERROR', detected.reason);

  const contentType = contentTypeOf(file, detected.mimeType);
  const built = await withDeadline(
    (signal) =>
      buildFile({ bytes: file.bytes, contentType, url: file.filename, filename: file.filename }, withPageContent(options), signal).catch((err) => {
        throw documentErrorToApi(err);
      }),
    options.timeout - (Date.now() - started),
  );

  const scrapeId = randomUUID();
  const credits = Math.max(1, built.pdfPages);
  const metadata: DocumentMetadata = {
    ...built.doc.metadata,
    sourceURL: file.filename,
    url: file.filename,
    statusCode: 200,
    scrapeId,
    contentType,
    proxyUsed: 'basic',
    cacheState: 'miss',
    creditsUsed: credits,
  };
  let doc: Document = { ...built.doc, metadata };
  const warnings = [...built.warnings];
  let tokens = 0;
  if (wantsDerived(options)) {
    const out = await deriveFormats({
      doc,
      page: pageInputOf(doc, doc.rawHtml),
      options,
      url: file.filename,
      zeroDataRetention: true,
      teamId: ctx.team.id,
      apiKeyId: ctx.apiKey?.id ?? null,
      scrapeId,
      fromCache: false,
      llm: deps.llm,
      store,
      signal: AbortSignal.timeout(Math.max(1, options.timeout - (Date.now() - started))),
    });
    warnings.push(...out.warnings);
    tokens = out.usage.totalTokens;
    doc = withoutUnrequested(doc, options);
    doc.metadata.creditsUsed = credits + tokensToCredits(tokens);
  }
  if (warnings.length) doc.warning = warnings.join(' ');

  await charge(store, { teamId: ctx.team.id, apiKeyId: ctx.apiKey?.id ?? null, kind: 'parse', jobId: scrapeId, credits });
  if (tokens > 0) await charge(store, { teamId: ctx.team.id, apiKeyId: ctx.apiKey?.id ?? null, kind: 'parse-llm', jobId: scrapeId, tokens });
  return { success: true, data: doc, ...(doc.warning && { warning: doc.warning }) };
}
