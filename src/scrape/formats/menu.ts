import { NO_TOKENS } from '../../llm/types.js';
import { plainLine } from '../../llm/offline/page.js';
import type { Deriver } from './deriver.js';
import { askModel, done, failure, OFFLINE_NOTE } from './outcome.js';
import { absolute, amountOf, availabilityOf, entitiesOf, isType, list, obj, priceOf, str } from './schema-org.js';
import type { MenuItem, MenuSection, MenuProfile } from '../../api/format-results.js';

const slug = (s: string, i: number) => `${s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'item'}-${i + 1}`;

function itemOf(data: Record<string, unknown>, index: number, sourceUrl: string, fallbackCurrency?: string): MenuItem {
  const offer = list(data.offers).map(obj).find((o) => !!o) ?? {};
  const name = str(data.name) ?? '';
  const item: MenuItem = {
    id: str(data['@id'] ?? data.identifier) ?? slug(name, index),
    name,
    images: list(data.image).map((i) => absolute(typeof i === 'string' ? i : str(obj(i)?.url), sourceUrl)).filter((u): u is string => !!u).map((url) => ({ url })),
    availability: availabilityOf(offer.availability),
    dietary: list(data.suitableForDiet).map((d) => str(d)?.replace(/^https?:\/\/schema\.org\//, '').replace(/Diet$/, '')).filter((d): d is string => !!d),
    optionGroups: list(data.menuAddOn),
    identifiers: {},
    sourceUrl,
  };
  const description = str(data.description);
  if (description) item.description = description;
  const price = priceOf(amountOf(offer.price), str(offer.priceCurrency) ?? fallbackCurrency);
  if (price) item.price = price;
  const calories = amountOf(obj(data.nutrition)?.calories);
  if (calories !== undefined) item.calories = calories;
  const id = str(data.identifier ?? data.sku);
  if (id) item.identifiers.merchantItemId = id;
  const url = absolute(str(data.url), sourceUrl);
  if (url) item.url = url;
  return item;
}

function sectionOf(data: Record<string, unknown>, index: number, sourceUrl: string): MenuSection {
  const name = str(data.name) ?? 'Menu';
  const items = list(data.hasMenuItem).map(obj).filter((i) => !!i).map((i, n) => itemOf(i, n, sourceUrl));
  const section: MenuSection = { id: slug(name, index), name, items };
  const description = str(data.description);
  if (description) section.description = description;
  return section;
}

/** A schema.org Menu (on its own or a Restaurant's hasMenu) as a MenuProfile. */
export function menuFromSchemaOrg(html: string | undefined, sourceUrl: string, title: string | undefined): MenuProfile | undefined {
  const entities = entitiesOf(html);
  const merchant = entities.find((e) => isType(e.data, 'Restaurant', 'FoodEstablishment', 'CafeOrCoffeeShop', 'BarOrPub', 'Bakery', 'FastFoodRestaurant'));
  const menu = list(merchant?.data.hasMenu).map(obj).find((m) => !!m && (m.hasMenuSection || m.hasMenuItem)) ?? entities.find((e) => isType(e.data, 'Menu'))?.data;
  if (!menu) return undefined;
  const sections = list(menu.hasMenuSection).map(obj).filter((s) => !!s).map((s, i) => sectionOf(s, i, sourceUrl));
  if (menu.hasMenuItem) sections.unshift(sectionOf({ name: str(menu.name) ?? 'Menu', hasMenuItem: menu.hasMenuItem }, sections.length, sourceUrl));
  const currencies = new Set(sections.flatMap((s) => s.items.map((i) => i.price?.currency)).filter((c) => !!c));
  const m = merchant?.data;
  return {
    isMenu: true,
    confidence: 1,
    merchant: { name: str(m?.name) ?? title ?? '', type: m ? str(m['@type']) ?? null : null, ...(m?.address !== undefined && { location: m.address }) },
    currency: currencies.size === 1 ? [...currencies][0]! : null,
    sections,
    sourceUrl,
  };
}

const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', 'CHF': 'CHF' };
// "Margherita ........ $12.50", "Margherita – tomato, basil – 12", "| Margherita | 12.50 |"
const PRICED_LINE = /^(?:[-*+]\s+)?(.{2,80}?)\s*(?:\.{2,}|[-–—:|·]|\s{2,}|\s)\s*(?:(\$|€|£|¥|₹|CHF)\s?(\d{1,4}(?:[.,]\d{2})?)|(\d{1,4}(?:[.,]\d{2})?)\s?(€|£|CHF|kr|zł)?)\s*\|?$/;

/** A menu read from the page's text: headings as sections, lines ending in a price as items. */
export function menuFromText(markdown: string, sourceUrl: string, merchantName: string): MenuProfile {
  const sections: MenuSection[] = [];
  let current: MenuSection | undefined;
  const currencies = new Set<string>();
  for (const raw of markdown.split('\n')) {
    const heading = raw.match(/^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/);
    if (heading) {
      current = { id: slug(heading[1]!, sections.length), name: plainLine(heading[1]!), items: [] };
      sections.push(current);
      continue;
    }
    const line = plainLine(raw).replace(/^\|\s*/, '');
    const m = line.match(PRICED_LINE);
    if (!m) continue;
    const symbol = m[2] ?? m[5];
    const currency = symbol ? (SYMBOLS[symbol] ?? symbol.toUpperCase()) : undefined;
    if (currency) currencies.add(currency);
    const [name, description] = m[1]!.replace(/\s*[|–—-]\s*$/, '').split(/\s+[–—|]\s+|\s+-\s+|:\s+/, 2) as [string, string?];
    if (!current) sections.push((current = { id: slug('Menu', 0), name: 'Menu', items: [] }));
    const item: MenuItem = {
      id: slug(name, current.items.length),
      name: name.trim(),
      images: [],
      availability: { inStock: true },
      dietary: [],
      optionGroups: [],
      identifiers: {},
      sourceUrl,
    };
    if (description) item.description = description.trim();
    const price = priceOf(amountOf(m[3] ?? m[4]), currency);
    if (price) item.price = price;
    current.items.push(item);
  }
  const filled = sections.filter((s) => s.items.length);
  const items = filled.reduce((n, s) => n + s.items.length, 0);
  return {
    isMenu: items >= 3,
    confidence: items >= 3 ? Math.min(0.8, 0.4 + items * 0.05) : 0.1,
    merchant: { name: merchantName, type: null },
    currency: currencies.size === 1 ? [...currencies][0]! : null,
    sections: filled,
    sourceUrl,
  };
}

const MENU_SCHEMA = {
  type: 'object',
  properties: {
    isMenu: { type: 'boolean' },
    merchant: { type: 'string' },
    currency: { type: 'string', description: 'ISO 4217 code' },
    sections: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                description: { type: 'string' },
                price: { type: 'number' },
                dietary: { type: 'array', items: { type: 'string' } },
                calories: { type: 'number' },
              },
              required: ['name'],
            },
          },
        },
        required: ['name', 'items'],
      },
    },
  },
  required: ['isMenu', 'sections'],
};

interface ModelMenu {
  isMenu?: unknown;
  merchant?: unknown;
  currency?: unknown;
  sections?: { name?: unknown; items?: { name?: unknown; description?: unknown; price?: unknown; dietary?: unknown; calories?: unknown }[] }[];
}

function menuFromModel(data: ModelMenu, sourceUrl: string, merchantName: string): MenuProfile {
  const currency = str(data.currency)?.toUpperCase();
  const sections = list(data.sections).map(obj).filter((s) => !!s).map((s, i) => {
    const name = str(s.name) ?? 'Menu';
    const items = list(s.items).map(obj).filter((it) => !!it && !!str(it.name)).map((it, n) =>
      itemOf({ name: it!.name, description: it!.description, suitableForDiet: it!.dietary, nutrition: { calories: it!.calories }, offers: { price: it!.price } }, n, sourceUrl, currency),
    );
    return { id: slug(name, i), name, items };
  });
  return { isMenu: data.isMenu === true, confidence: 0.9, merchant: { name: str(data.merchant) ?? merchantName, type: null }, currency: currency ?? null, sections, sourceUrl };
}

/**
 * `menu`: a restaurant's menu as sections and items with prices. A published
 * schema.org Menu first; otherwise the configured model reads it, or offline
 * headings and priced lines of the page's text do (the warning says which).
 */
export const menuFormat: Deriver = {
  format: 'menu',
  async derive(ctx) {
    if (ctx.fromCache && ctx.doc.menu !== undefined) return done(NO_TOKENS, []);
    const url = ctx.doc.metadata.url;
    const title = typeof ctx.doc.metadata.ogSiteName === 'string' ? ctx.doc.metadata.ogSiteName : ctx.doc.metadata.title;
    const published = menuFromSchemaOrg(ctx.page.html, url, title);
    if (published) {
      ctx.doc.menu = published;
      return done(NO_TOKENS, []);
    }
    if (ctx.llm.offline) {
      ctx.doc.menu = menuFromText(ctx.page.markdown, url, title ?? '');
      return done(NO_TOKENS, [`Menu: the page publishes no schema.org menu and ${OFFLINE_NOTE}; items were read from lines ending in a price.`]);
    }
    try {
      const out = await askModel<ModelMenu>(ctx, "The restaurant's menu on this page: its sections and their items with descriptions, prices, dietary labels and calories. isMenu is false when the page has no menu.", MENU_SCHEMA);
      ctx.doc.menu = menuFromModel(out.data ?? {}, url, title ?? '');
      return done(out.usage, out.warnings.map((w) => `Menu: ${w}`));
    } catch (err) {
      return failure(ctx, 'Menu extraction', err);
    }
  },
};
