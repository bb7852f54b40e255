import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useLlmTrawl, useOfflineTrawl, useSite } from './harness.js';
import { plainProductPage, shopPage } from './pages.js';

const web = useSite({ '/boot': { html: shopPage }, '/mug': { html: plainProductPage } });

describe('product format, offline engine', () => {
  const t = useOfflineTrawl();

  test('schema.org data first: a product group with its variants, prices, sale, stock and images', async () => {
    const doc = await t.fc.scrape(web.site.url('/boot'), { formats: ['product'] });
    const img = (p: string) => web.site.url(p);
    assert.deepEqual(doc.product, {
      title: 'Trail Boot GTX',
      brand: 'Northwind',
      category: 'Footwear > Boots',
      description: 'A waterproof walking boot with a Vibram sole.',
      url: web.site.url('/boot'),
      variants: [
        {
          id: 'TB-BR-42', sku: 'TB-BR-42', title: 'Trail Boot GTX – Brown 42', values: { color: 'Brown', size: '42' },
          price: { amount: 149, currency: 'GBP', formatted: '£149.00' },
          sale: { originalPrice: { amount: 179, currency: 'GBP', formatted: '£179.00' } },
          availability: { inStock: true, text: 'InStock' },
          images: [{ url: img('/img/boot.jpg') }],
        },
        {
          id: 'TB-BK-44', sku: 'TB-BK-44', title: 'Trail Boot GTX – Black 44', values: { color: 'Black', size: '44' },
          price: { amount: 149, currency: 'GBP', formatted: '£149.00' },
          availability: { inStock: false, text: 'OutOfStock' },
          images: [{ url: img('/img/boot-black.jpg') }],
        },
      ],
    });
    assert.equal(doc.warning, undefined);
  });

  test('a page without schema.org data is read from its labels, and the warning says so', async () => {
    const doc = await t.fc.scrape(web.site.url('/mug'), { formats: ['product'] });
    const product = doc.product!;
    assert.equal(product.title, 'Enamel Camp Mug');
    assert.equal(product.brand, 'Northwind');
    assert.equal(product.variants[0]!.price!.amount, 12);
    assert.equal(product.variants[0]!.sku, 'MUG-350');
    assert.match(doc.warning!, /Product: the page publishes no schema.org product data and no language model is configured/);
  });
});

describe('product format with an OpenAI-compatible LLM', () => {
  const t = useLlmTrawl(() => JSON.stringify({ name: 'Enamel Camp Mug', brand: 'Northwind', price: 12, currency: 'gbp', availability: 'In stock', sku: 'MUG-350', images: ['/img/mug.jpg'] }));

  test('published data needs no model; a page without it is read by the model', async () => {
    const boot = await t.fc.scrape(web.site.url('/boot'), { formats: ['product'] });
    assert.equal(boot.product!.variants.length, 2);
    assert.equal(t.llm.requests.length, 0, 'schema.org data is read as published');

    const mug = await t.fc.scrape(web.site.url('/mug'), { formats: ['product'] });
    assert.deepEqual(mug.product, {
      title: 'Enamel Camp Mug', brand: 'Northwind', url: web.site.url('/mug'),
      variants: [{ availability: { inStock: true, text: 'In stock' }, price: { amount: 12, currency: 'GBP', formatted: '£12.00' }, sku: 'MUG-350', images: [{ url: web.site.url('/img/mug.jpg') }] }],
    });
    assert.equal(t.llm.requests.length, 1);
    assert.equal(mug.warning, undefined);
  });
});
