import { NO_TOKENS, type TokenUsage } from '../../llm/types.js';
import type { Deriver } from './deriver.js';
import { askModel, done, failure, OFFLINE_NOTE } from './outcome.js';
import { absolute, amountOf, availabilityOf, entitiesOf, isType, list, obj, priceOf, str } from './schema-org.js';
import type { ProductVariant, ProductProfile } from '../../api/format-results.js';

// Properties of a variant that tell it apart from its siblings.
const VARIANT_PROPERTIES = ['color', 'size', 'material', 'pattern', 'width', 'height', 'depth', 'weight'];

function imagesOf(v: unknown, base: string): { url: string }[] {
  return list(v)
    .map((i) => absolute(typeof i === 'string' ? i : str(obj(i)?.url ?? obj(i)?.contentUrl), base))
    .filter((u): u is string => !!u)
    .map((url) => ({ url }));
}

function variantOf(item: Record<string, unknown>, offer: Record<string, unknown> | undefined, base: string, fallbackImages: { url: string }[]): ProductVariant {
  const o = offer ?? {};
  const currency = str(o.priceCurrency);
  const amount = amountOf(o.price ?? o.lowPrice);
  const specs = list(o.priceSpecification).map(obj).filter((s) => !!s);
  const strike = specs.find((s) => /StrikethroughPrice|ListPrice/i.test(str(s.priceType) ?? ''));
  const values = Object.fromEntries(VARIANT_PROPERTIES.flatMap((p) => (str(item[p]) ? [[p, str(item[p])]] : [])));
  const images = imagesOf(item.image, base);
  const sku = str(o.sku ?? item.sku);
  const id = str(item.productID ?? item.gtin13 ?? item.gtin ?? item.mpn ?? sku);
  const variant: ProductVariant = { availability: availabilityOf(o.availability) };
  if (id) variant.id = id;
  if (sku) variant.sku = sku;
  if (str(item.name)) variant.title = str(item.name)!;
  if (Object.keys(values).length) variant.values = values;
  const price = priceOf(amount, currency);
  if (price) variant.price = price;
  const original = strike && priceOf(amountOf(strike.price), str(strike.priceCurrency) ?? currency);
  if (original && price && original.amount > price.amount) variant.sale = { originalPrice: original };
  if (images.length || fallbackImages.length) variant.images = images.length ? images : fallbackImages;
  return variant;
}

/** A schema.org Product (or ProductGroup with its variants) as a ProductProfile. */
export function productFromSchemaOrg(html: string | undefined, pageUrl: string): ProductProfile | undefined {
  const entities = entitiesOf(html).filter((e) => isType(e.data, 'Product', 'ProductGroup', 'IndividualProduct', 'ProductModel'));
  const top = entities.find((e) => isType(e.data, 'ProductGroup')) ?? entities.sort((a, b) => a.depth - b.depth)[0];
  if (!top) return undefined;
  const p = top.data;
  const images = imagesOf(p.image, pageUrl);
  const members = list(p.hasVariant).map(obj).filter((v) => !!v);
  const variants: ProductVariant[] = [];
  for (const member of members.length ? members : [p]) {
    const offers = list(member.offers).map(obj).filter((o) => !!o).flatMap((o) => (isType(o, 'AggregateOffer') && o.offers ? list(o.offers).map(obj).filter((x) => !!x) : [o]));
    if (!offers.length) variants.push(variantOf(member, undefined, pageUrl, images));
    for (const offer of offers) variants.push(variantOf(member, offer, pageUrl, images));
  }
  const profile: ProductProfile = { title: str(p.name) ?? '', url: absolute(str(p.url), pageUrl) ?? pageUrl, variants };
  const brand = str(p.brand ?? p.manufacturer);
  if (brand) profile.brand = brand;
  const category = str(p.category);
  if (category) profile.category = category;
  const description = str(p.description);
  if (description) profile.description = description;
  return profile;
}

const FLAT_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    brand: { type: 'string' },
    category: { type: 'string' },
    description: { type: 'string' },
    price: { type: 'number' },
    currency: { type: 'string', description: 'ISO 4217 code' },
    availability: { type: 'string' },
    sku: { type: 'string' },
    images: { type: 'array', items: { type: 'string' } },
  },
  required: ['name'],
};

interface Flat {
  name?: unknown;
  brand?: unknown;
  category?: unknown;
  description?: unknown;
  price?: unknown;
  currency?: unknown;
  availability?: unknown;
  sku?: unknown;
  images?: unknown;
}

function productFromFlat(data: Flat, pageUrl: string): ProductProfile | undefined {
  const title = str(data.name);
  if (!title) return undefined;
  const variant: ProductVariant = { availability: availabilityOf(data.availability) };
  const price = priceOf(amountOf(data.price), str(data.currency)?.toUpperCase());
  if (price) variant.price = price;
  const sku = str(data.sku);
  if (sku) variant.sku = sku;
  const images = imagesOf(data.images, pageUrl);
  if (images.length) variant.images = images;
  const profile: ProductProfile = { title, url: pageUrl, variants: [variant] };
  for (const k of ['brand', 'category', 'description'] as const) {
    const v = str(data[k]);
    if (v) profile[k] = v;
  }
  return profile;
}

/**
 * `product`: the page's product as the SDKs' ProductProfile. schema.org data
 * (JSON-LD, microdata, RDFa) first, read as published; a page without any is
 * read by the configured model, or offline by the engine's label and meta
 * reading, which the warning then says.
 */
export const productFormat: Deriver = {
  format: 'product',
  async derive(ctx) {
    if (ctx.fromCache && ctx.doc.product !== undefined) return done(NO_TOKENS, []);
    const url = ctx.doc.metadata.url;
    const published = productFromSchemaOrg(ctx.page.html, url);
    if (published) {
      ctx.doc.product = published;
      return done(NO_TOKENS, []);
    }
    let usage: TokenUsage = NO_TOKENS;
    try {
      const out = await askModel<Flat>(ctx, 'The product this page sells: its name, brand, category, description, price and ISO currency, availability, SKU and image URLs.', FLAT_SCHEMA);
      usage = out.usage;
      const product = productFromFlat(out.data ?? {}, url);
      const warnings = out.warnings.map((w) => `Product: ${w}`);
      if (product) ctx.doc.product = product;
      if (ctx.llm.offline) warnings.unshift(`Product: the page publishes no schema.org product data and ${OFFLINE_NOTE}; ${product ? 'read from its labels and meta tags' : 'no product could be read'}.`);
      else if (!product) warnings.push('Product: the page does not appear to sell a product.');
      return done(usage, warnings);
    } catch (err) {
      return failure(ctx, 'Product extraction', err);
    }
  },
};
