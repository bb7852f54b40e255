import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useLlmTrawl, useOfflineTrawl, useSite } from './harness.js';
import { plainMenuPage, restaurantPage } from './pages.js';

const web = useSite({ '/luigi': { html: restaurantPage }, '/cafe': { html: plainMenuPage } });

describe('menu format, offline engine', () => {
  const t = useOfflineTrawl();

  test("a restaurant's schema.org menu: sections, items, prices, diets, calories", async () => {
    const doc = await t.fc.scrape(web.site.url('/luigi'), { formats: ['menu'] });
    const menu = doc.menu!;
    assert.equal(menu.isMenu, true);
    assert.equal(menu.confidence, 1);
    assert.equal(menu.merchant.name, "Luigi's Trattoria");
    assert.equal(menu.merchant.type, 'Restaurant');
    assert.equal(menu.currency, 'GBP');
    assert.deepEqual(menu.sections.map((s) => [s.name, s.items.map((i) => [i.name, i.price?.amount])]), [
      ['Pizza', [['Margherita', 9.5], ['Diavola', 11.5]]],
      ['Desserts', [['Tiramisu', 6]]],
    ]);
    const margherita = menu.sections[0]!.items[0]!;
    assert.deepEqual(margherita.dietary, ['Vegetarian']);
    assert.equal(margherita.calories, 820);
    assert.equal(margherita.description, 'Tomato, mozzarella, basil');
    assert.equal(margherita.sourceUrl, web.site.url('/luigi'));
    assert.equal(doc.warning, undefined);
  });

  test('a menu written as text: headings are sections, priced lines are items', async () => {
    const doc = await t.fc.scrape(web.site.url('/cafe'), { formats: ['menu'] });
    const menu = doc.menu!;
    assert.equal(menu.isMenu, true);
    assert.equal(menu.currency, 'GBP');
    assert.deepEqual(menu.sections.map((s) => [s.name, s.items.map((i) => [i.name, i.description ?? null, i.price?.amount])]), [
      ['Breakfast', [['Full English', 'eggs, bacon, beans, toast', 8.5], ['Porridge', 'oats, honey, berries', 4.2]]],
      ['Drinks', [['Flat white', null, 3.1], ['Pot of tea', null, 2.6]]],
    ]);
    assert.ok(menu.confidence < 1);
    assert.match(doc.warning!, /Menu: the page publishes no schema.org menu/);
  });
});

describe('menu format with an OpenAI-compatible LLM', () => {
  const t = useLlmTrawl(() => JSON.stringify({ isMenu: true, merchant: 'The Corner Café', currency: 'GBP', sections: [{ name: 'Breakfast', items: [{ name: 'Full English', price: 8.5, dietary: [] }] }] }));

  test('a page without schema.org data is read by the model', async () => {
    const doc = await t.fc.scrape(web.site.url('/cafe'), { formats: ['menu'] });
    assert.equal(doc.menu!.merchant.name, 'The Corner Café');
    assert.deepEqual(doc.menu!.sections[0]!.items.map((i) => [i.name, i.price]), [['Full English', { amount: 8.5, currency: 'GBP', formatted: '£8.50' }]]);
    assert.equal(t.llm.requests.length, 1);
  });
});
