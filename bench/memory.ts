// Peak memory of the whole Trawl process tree through a 10 000-page crawl at default
// settings: the server's own high-water mark (VmHWM), and the tree's resident total
// sampled every 100 ms, whichever is higher. Target: ≤ 300 MB. Skipped by --quick.
import { startServer, trawlCrawl, treeRssMb } from './lib/server.js';
import { generatedSite } from './lib/site.js';
import { atMost, quick, skipped } from './lib/targets.js';

const N = 10_000;
if (quick) {
  skipped(`peak RSS through a ${N}-page crawl`, '--quick');
} else {
  const site = await generatedSite(N);
  const server = await startServer();
  let treePeak = 0;
  const sampler = setInterval(() => (treePeak = Math.max(treePeak, treeRssMb(server.child.pid!))), 100);
  try {
    const cpu = server.cpuSeconds();
    const secs = await trawlCrawl(server.url, site.url('/p/0'), N);
    clearInterval(sampler);
    // Peak RSS rises with the crawl's pace, and a heap held smaller costs CPU: both go beside it.
    const cpuMs = ((server.cpuSeconds() - cpu) * 1000) / N;
    const peak = Math.max(treePeak, server.peakRssMb());
    console.log(`${N}-page crawl in ${secs.toFixed(0)} s (${(N / secs).toFixed(0)} pages/s, server CPU ${cpuMs.toFixed(2)} ms a page)`);
    console.log(`peak RSS: server process ${server.peakRssMb().toFixed(0)} MB (VmHWM), process tree ${treePeak.toFixed(0)} MB (sampled)`);
    atMost(`peak RSS of the Trawl process tree through a ${N}-page crawl`, peak, 300, ' MB');
  } finally {
    clearInterval(sampler);
    await server.stop();
    await site.close();
  }
}
