import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LlmUnavailableError } from '../../../src/llm/index.js';
import { createOfflineEngine } from '../../../src/llm/offline/engine.js';
import { articlePage, contactPage, eventPage, jobPage, jobsTablePage, listingPage, productPage, rdfaEventPage, recipePage } from './pages.js';

const llm = createOfflineEngine();

describe('offline engine: JSON extraction from what pages state plainly', () => {
  test('a product page: JSON-LD offer, brand and rating, spec table, coerced types, warning for the absent field', async () => {
    const out = await llm.extract({
      pages: [productPage],
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          price: { type: 'number' },
          currency: { type: 'string' },
          in_stock: { type: 'boolean' },
          brand: { type: 'string' },
          rating: { type: 'number' },
          reviewCount: { type: 'integer' },
          weight: { type: 'string' },
          guarantee: { type: 'integer', description: 'Warranty in years' },
          material: { type: 'string' },
        },
        required: ['name', 'price', 'material'],
      },
    });
    assert.deepEqual(out.data, {
      name: 'Aeron Chair – Remastered',
      price: 1395,
      currency: 'USD',
      in_stock: true,
      brand: 'Herman Miller',
      rating: 4.6,
      reviewCount: 312,
      weight: '19.5 kg',
      guarantee: 12,
      material: null,
    });
    assert.equal(out.usage.totalTokens, 0);
    assert.equal(out.warnings.length, 1);
    assert.match(out.warnings[0]!, /Could not find on the page: material\b/);
    assert.deepEqual(out.sources?.price, [productPage.url]);
    assert.equal(out.sources?.material, undefined);
  });

  test('a product page without structured data: the class names the shop styles its facts with', async () => {
    const html = `<html><body><div class="product-detail">
<h1 class="product-title">Linen shirt</h1>
<div class="price-box"><span class="price">£65.00</span></div>
<p class="sku">SKU: LS-204</p>
<div class="availability">Out of stock</div>
<p class="description">Relaxed shirt in washed linen.</p></div></body></html>`;
    const out = await llm.extract({
      pages: [{ url: 'https://shop.example/linen', html, markdown: '# Linen shirt\n\n£65.00\n\nSKU: LS-204\n\nOut of stock\n\nRelaxed shirt in washed linen.\n' }],
      schema: { type: 'object', properties: { title: { type: 'string' }, price: { type: 'number' }, sku: { type: 'string' }, inStock: { type: 'boolean' }, description: { type: 'string' } } },
    });
    assert.deepEqual(out.data, { title: 'Linen shirt', price: 65, sku: 'LS-204', inStock: false, description: 'Relaxed shirt in washed linen.' });
  });

  test('a listing: an array of products from repeated microdata cards, European prices and stock words coerced', async () => {
    const out = await llm.extract({
      pages: [listingPage],
      schema: {
        type: 'object',
        properties: {
          products: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' }, available: { type: 'boolean' }, url: { type: 'string' } } },
          },
        },
      },
    });
    assert.deepEqual(out.data, {
      products: [
        { name: 'Arco Mini', price: 89.9, available: true, url: '/lamps/arco-mini' },
        { name: 'Tolomeo Micro', price: 1249, available: false, url: '/lamps/tolomeo' },
        { name: 'Anglepoise 90', price: 145, available: true, url: '/lamps/anglepoise' },
      ],
    });
    assert.deepEqual(out.warnings, []);
  });

  test('an article: OpenGraph and article meta tags; dates as the schema formats ask', async () => {
    const out = await llm.extract({
      pages: [articlePage],
      schema: {
        type: 'object',
        properties: {
          headline: { type: 'string' },
          author: { type: 'string' },
          publishedDate: { type: 'string', format: 'date' },
          section: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
    });
    assert.deepEqual(out.data, {
      headline: 'Volunteers pull two tonnes of waste from the Elm River',
      author: 'Maria Okafor',
      publishedDate: '2025-03-16',
      section: 'Environment',
      tags: ['river', 'cleanup', 'volunteers'],
    });
  });

  test('an article in a JSON-LD @graph: the Article is read, not the site, the page or the breadcrumbs', async () => {
    const html = `<html><head><title>Ten years of the night train | Rail Weekly</title>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
 {"@type":"WebSite","@id":"https://rail.example/#website","name":"Rail Weekly","url":"https://rail.example/"},
 {"@type":"WebPage","@id":"https://rail.example/night-train/#webpage","name":"Ten years of the night train | Rail Weekly","datePublished":"2024-01-01"},
 {"@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Features"}]},
 {"@type":"NewsArticle","headline":"Ten years of the night train","datePublished":"2025-02-20T06:00:00+01:00","wordCount":"1840",
  "author":[{"@type":"Person","name":"Jonas Weber"}],"publisher":{"@type":"Organization","name":"Rail Weekly Media"}}
]}</script></head><body><h1>Ten years of the night train</h1></body></html>`;
    const out = await llm.extract({
      pages: [{ url: 'https://rail.example/night-train', html, markdown: '# Ten years of the night train\n' }],
      schema: {
        type: 'object',
        properties: { title: { type: 'string' }, author: { type: 'string' }, published: { type: 'string', format: 'date' }, publisher: { type: 'string' }, words: { type: 'integer', description: 'word count' } },
      },
    });
    assert.deepEqual(out.data, { title: 'Ten years of the night train', author: 'Jonas Weber', published: '2025-02-20', publisher: 'Rail Weekly Media', words: 1840 });
  });

  test('an event in microdata: nested place and address objects, offer price, performer', async () => {
    const out = await llm.extract({
      pages: [eventPage],
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          start: { type: 'string' },
          venue: { type: 'object', properties: { name: { type: 'string' }, street: { type: 'string' }, city: { type: 'string' } } },
          ticketPrice: { type: 'number' },
          currency: { type: 'string' },
          performer: { type: 'string' },
        },
      },
    });
    assert.deepEqual(out.data, {
      title: 'Jazz Night with the Blue Trio',
      start: '2025-06-14T20:00',
      venue: { name: 'The Cellar Club', street: '12 Harbour Lane', city: 'Bristol' },
      ticketPrice: 18.5,
      currency: 'GBP',
      performer: 'The Blue Trio',
    });
  });

  test('an event in RDFa', async () => {
    const out = await llm.extract({
      pages: [rdfaEventPage],
      schema: { type: 'object', properties: { name: { type: 'string' }, startDate: { type: 'string' }, description: { type: 'string' }, free: { type: 'boolean', description: 'Is accessible for free' } } },
    });
    assert.deepEqual(out.data, {
      name: 'Old maps of the county',
      startDate: '2025-09-02T18:30:00',
      description: "A talk on the county's earliest printed maps.",
      free: true,
    });
  });

  test('a recipe: ingredient and step lists, servings as an integer, nested author', async () => {
    const out = await llm.extract({
      pages: [recipePage],
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          author: { type: 'string' },
          servings: { type: 'integer' },
          ingredients: { type: 'array', items: { type: 'string' } },
          steps: { type: 'array', items: { type: 'string' } },
          calories: { type: 'number' },
        },
      },
    });
    assert.deepEqual(out.data, {
      title: 'Lemon drizzle cake',
      author: 'Ben Carter',
      servings: 8,
      ingredients: ['225g butter', '225g caster sugar', '4 eggs', '2 lemons, zested'],
      steps: ['Heat the oven to 180C.', 'Beat the butter and sugar.', 'Bake for 45 minutes.'],
      calories: 390,
    });
  });

  test('a job post without structured data: "Label: value" text and lists under headings', async () => {
    const out = await llm.extract({
      pages: [jobPage],
      schema: {
        type: 'object',
        properties: {
          job_title: { type: 'string' },
          location: { type: 'string' },
          salary: { type: 'string' },
          employment_type: { type: 'string', enum: ['Full-time', 'Part-time', 'Contract'] },
          remote: { type: 'boolean' },
          requirements: { type: 'array', items: { type: 'string' } },
          responsibilities: { type: 'array', items: { type: 'string' } },
          benefits: { type: 'array', items: { type: 'string' } },
        },
      },
    });
    assert.deepEqual(out.data, {
      job_title: 'Senior Backend Engineer',
      location: 'Berlin (hybrid)',
      salary: '€75,000 – €90,000 a year',
      employment_type: 'Full-time',
      remote: true,
      requirements: ['5+ years of backend development', 'Experience with PostgreSQL', 'Fluent English'],
      responsibilities: ['Design APIs', 'Mentor engineers'],
    });
    assert.match(out.warnings[0]!, /Could not find on the page: benefits\b/);
  });

  test('a jobs table: one object per row, a top-level array schema, dates kept', async () => {
    const out = await llm.extract({
      pages: [jobsTablePage],
      schema: { type: 'array', items: { type: 'object', properties: { title: { type: 'string' }, location: { type: 'string' }, postedAt: { type: 'string', format: 'date', description: 'date posted' } }, required: ['title'] } },
    });
    assert.deepEqual(out.data, [
      { title: 'Senior Backend Engineer', location: 'Berlin', postedAt: '2025-05-02' },
      { title: 'Product Designer', location: 'Lisbon', postedAt: '2025-05-09' },
    ]);
  });

  test('a contact page: definition list and a labelled line, synonyms for the labels', async () => {
    const out = await llm.extract({
      pages: [contactPage],
      schema: {
        type: 'object',
        properties: {
          company: { type: 'string' },
          telephone: { type: 'string' },
          email: { type: 'string' },
          address: { type: 'string' },
          openingHours: { type: 'string' },
          fax: { type: 'string' },
        },
      },
    });
    assert.deepEqual(out.data, {
      telephone: '+44 1632 960123',
      email: 'hello@northlight.example',
      address: '4 Mill Yard, Leeds LS1 4AB',
      openingHours: 'Mon–Fri 9:00–17:30',
    });
    assert.match(out.warnings[0]!, /Could not find on the page: company, fax\b/);
  });

  test('several pages: the first page stating a field wins, sources name the pages', async () => {
    const out = await llm.extract({
      pages: [jobPage, contactPage],
      schema: { type: 'object', properties: { location: { type: 'string' }, email: { type: 'string' } } },
    });
    assert.deepEqual(out.data, { location: 'Berlin (hybrid)', email: 'hello@northlight.example' });
    assert.deepEqual(out.sources, { location: [jobPage.url], email: [contactPage.url] });
    assert.deepEqual(out.warnings, []);
  });

  test('a prompt without a schema: the page structured data, keyed in camelCase, and a warning about the prompt', async () => {
    const out = await llm.extract({ pages: [productPage], prompt: 'What does this chair cost?' });
    const data = out.data as Record<string, any>;
    assert.equal(data.name, 'Aeron Chair – Remastered');
    assert.equal(data.title, 'Aeron Chair – Remastered', 'og:title before the <title> with its site name');
    assert.equal(data.offers.price, '1,395.00');
    assert.equal(data.offers.type, undefined, 'JSON-LD plumbing left out');
    assert.equal(data.weight, '19.5 kg');
    assert.equal(data.type, 'Product');
    assert.equal(data['@context'], undefined);
    assert.match(out.warnings.join(' '), /prompt cannot be interpreted offline/);
  });

  test('generateJson needs a model: LlmUnavailableError naming the setting', async () => {
    await assert.rejects(llm.generateJson({ messages: [{ role: 'user', content: 'plan' }], schema: { type: 'object' } }), (err: unknown) => {
      assert.ok(err instanceof LlmUnavailableError);
      assert.match(err.message, /TRAWL_LLM_BASE_URL/);
      return true;
    });
  });
});
