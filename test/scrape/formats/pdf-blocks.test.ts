import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makePdf, SAMPLE_BLOCKS } from '../../fixtures/documents/index.js';
import { type Site, startSite } from '../../fixtures/site.js';
import { useOfflineTrawl } from './harness.js';

let site: Site;
before(async () => {
  const pdf = await makePdf({ title: 'Annual Report', pages: [SAMPLE_BLOCKS] });
  site = await startSite({ '/report.pdf': { body: pdf, type: 'application/pdf' } });
});
after(() => site.close());

describe('parsers[].blocks', () => {
  const t = useOfflineTrawl();

  test('scrape() of a PDF with blocks: true answers Document.blocks alongside the markdown', async () => {
    const doc = await t.fc.scrape(site.url('/report.pdf'), { formats: ['markdown'], parsers: [{ type: 'pdf', blocks: true }] });
    const page = doc.blocks![0]!;
    assert.equal(page.pageNumber, 1);
    assert.equal(page.status, 'ok');
    const heading = page.items[0]!;
    assert.equal(heading.content, 'Annual Report');
    assert.equal(heading.label, 'h1');
    assert.equal(doc.markdown!.slice(...heading.markdownSpan!), 'Annual Report');
    assert.equal(doc.warning, undefined);
  });

  test('without blocks: true there are none', async () => {
    const doc = await t.fc.scrape(site.url('/report.pdf'), { formats: ['markdown'], parsers: ['pdf'] });
    assert.equal(doc.blocks, undefined);
    assert.match(doc.markdown!, /# Annual Report/);
  });
});
