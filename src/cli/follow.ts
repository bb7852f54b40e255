import type { Document, Trawl } from '../../sdk/js/src/index.js';
import { type OutputFormat, printJson } from './api.js';
import { PageWriter, pagesAsMarkdown } from './output.js';
import { Progress } from './progress.js';

export interface FollowOptions {
  format: OutputFormat;
  outputDir?: string;
  pollInterval?: number;
  timeout?: number;
}

/**
 * Follows a crawl or batch scrape to its end: progress on stderr, each page
 * to its file as it arrives (or all pages to stdout at the end). Ctrl-C
 * cancels the job on the server rather than leaving it running unseen.
 */
export async function followJob(trawl: Trawl, kind: 'crawl' | 'batch', jobId: string, opts: FollowOptions): Promise<void> {
  const name = kind === 'crawl' ? 'Crawl' : 'Batch scrape';
  const progress = new Progress(kind === 'crawl' ? 'Crawling' : 'Scraping');
  const writer = opts.outputDir ? new PageWriter(opts.outputDir, opts.format) : undefined;
  const pages: Document[] = [];
  const watcher = trawl.watcher(jobId, { kind, transport: 'poll', pollInterval: opts.pollInterval ?? 1, timeout: opts.timeout });
  watcher.on('document', (doc) => {
    if (writer) progress.printAbove(() => process.stdout.write(`${writer.write(doc)}\n`));
    else pages.push(doc);
  });
  watcher.on('snapshot', (s) => progress.update(s.completed, s.total));

  const onInterrupt = () => {
    progress.end();
    process.stderr.write(`Cancelling ${name.toLowerCase()} ${jobId}…\n`);
    const cancel = kind === 'crawl' ? trawl.cancelCrawl(jobId) : trawl.cancelBatchScrape(jobId);
    void cancel.catch(() => false).finally(() => process.exit(130));
  };
  process.once('SIGINT', onInterrupt);
  try {
    await watcher.start();
    const end = await watcher.wait();
    progress.end();
    const failed = end.total - end.completed;
    process.stderr.write(
      `${name} ${jobId} ${end.status}: ${end.completed} of ${end.total} pages${failed > 0 ? ` (${failed} failed)` : ''}, ${end.creditsUsed} credits` +
        `${writer ? `, written to ${writer.dir}` : ''}.\n`,
    );
    if (writer) return;
    if (opts.format === 'json') printJson({ id: jobId, ...end, data: pages });
    else process.stdout.write(pagesAsMarkdown(pages));
  } finally {
    progress.end();
    process.off('SIGINT', onInterrupt);
  }
}
