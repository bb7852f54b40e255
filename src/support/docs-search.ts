import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocsSearchRequest } from '../api/index.js';
import { passagesOf, rankPassages } from '../llm/offline/passages.js';
import type { RequestContext } from '../http/route.js';

/** The project's own documentation: the README and docs/*.md, as shipped next to the code. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Passages quoted in the answer; each also stands in `evidence`. */
const TOP_PASSAGES = 3;

interface DocsCorpus {
  /** Every document, joined, so that one ranking scores all passages against each other. */
  markdown: string;
  /** For each passage of `markdown` in order, the file it came from. */
  fileOf: string[];
}

function loadCorpus(): DocsCorpus {
  const files = [
    'README.md',
    ...fs
      .readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `docs/${f}`),
  ].filter((f) => fs.existsSync(path.join(ROOT, f)));
  const texts = files.map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8'));
  // Passages never span a blank line, so each file's passages keep their count once joined.
  const fileOf = files.flatMap((f, i) => passagesOf(texts[i]!).map(() => f));
  return { markdown: texts.join('\n\n'), fileOf };
}

let corpus: DocsCorpus | undefined;

/**
 * `POST /v2/support/docs-search`: answers a question about this server from
 * its own documentation (Firecrawl's answers about Firecrawl's docs). The
 * answer quotes the passages that match the question best; `evidence` names
 * their files.
 */
export async function docsSearch(ctx: RequestContext<DocsSearchRequest>) {
  const started = Date.now();
  corpus ??= loadCorpus();
  const ranked = rankPassages(corpus.markdown, ctx.body.question).slice(0, TOP_PASSAGES);
  const evidence = ranked.map((p) => ({ pathOrUrl: corpus!.fileOf[p.index]!, reason: p.text.slice(0, 300) }));
  return {
    success: true,
    requestId: `req_${randomUUID()}`,
    answer: ranked.length
      ? ranked.map((p) => p.text).join('\n\n')
      : "Nothing in this server's documentation matches the question; try other words.",
    evidence,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    durationMs: Date.now() - started,
  };
}
