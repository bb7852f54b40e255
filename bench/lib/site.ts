// A generated site of `n` small linked pages, served from this process.
import { type Site, startSite } from '../../test/fixtures/site.js';

export function pageHtml(i: number, n: number): string {
  const links = [1, 2, 3, 5, 8].map((d) => `<li><a href="/p/${(i + d) % n}">Page ${(i + d) % n}</a></li>`).join('');
  const paras = Array.from({ length: 12 }, (_, k) => `<p>Section ${k} of page ${i}: <strong>generated</strong> text with <a href="/p/${(i * 7 + k) % n}">a link</a> and some words to convert into markdown.</p>`).join('');
  return `<!doctype html><html><head><title>Page ${i}</title></head><body><nav><a href="/">Home</a></nav><main><h1>Page ${i}</h1>${paras}<ul>${links}</ul>
<table><tr><th>k</th><th>v</th></tr><tr><td>${i}</td><td>${i * 2}</td></tr></table></main><footer>footer</footer></body></html>`;
}

export async function generatedSite(n: number): Promise<Site> {
  const site = await startSite({
    '/': { html: pageHtml(0, n) },
    '/robots.txt': { text: 'User-agent: *\nAllow: /\n' },
    ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`/p/${i}`, { html: pageHtml(i, n) }])),
  });
  // The fixture keeps every request for tests to inspect; a benchmark's thousands would only grow this process.
  const requests = site.requests as unknown[];
  const push = requests.push.bind(requests);
  requests.push = (...items: unknown[]) => {
    push(...items);
    requests.length = 0;
    return 0;
  };
  return site;
}
