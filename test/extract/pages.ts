import type { Routes } from '../fixtures/site.js';

// Enough visible text that the page does not look script-rendered (it has a script: its JSON-LD).
const FILLER =
  'Every Acme product ships within two working days, comes with a two-year guarantee, and can be returned ' +
  'within thirty days for a full refund. Spare parts are available for ten years after the last sale.';

/** A product page stating its facts as JSON-LD, as shops do. */
export function productPage(name: string, price: number, description: string): string {
  const ld = { '@context': 'https://schema.org', '@type': 'Product', name, description, offers: { '@type': 'Offer', price, priceCurrency: 'EUR' } };
  return `<!doctype html><html lang="en"><head><title>${name}</title><meta name="description" content="${description}">
<script type="application/ld+json">${JSON.stringify(ld)}</script></head>
<body><main><h1>${name}</h1><p>${description}</p><p>Price: €${price}</p>
<p>${FILLER}</p></main></body></html>`;
}

export const WIDGET = { name: 'Acme Widget', price: 19.99, description: 'A sturdy widget for every workshop.' };
export const GADGET = { name: 'Acme Gadget', price: 42, description: 'The gadget that does it all.' };

/** A small shop: two products under /products/, an index linking them, and pages outside the section. */
export function shopRoutes(): Routes {
  return {
    '/products': {
      html: `<html><head><title>Products</title></head><body><main><h1>Products</h1>
<a href="/products/widget">Widget</a> <a href="/products/gadget">Gadget</a> <a href="/about">About us</a></main></body></html>`,
    },
    '/products/widget': { html: productPage(WIDGET.name, WIDGET.price, WIDGET.description) },
    '/products/gadget': { html: productPage(GADGET.name, GADGET.price, GADGET.description) },
    '/about': { html: '<html><head><title>About Acme</title></head><body><main><p>Acme has made tools since 1921. Contact: hello@acme.test</p></main></body></html>' },
  };
}

export const PRODUCT_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string', description: 'Product name' }, price: { type: 'number', description: 'Price' } },
  required: ['name', 'price'],
};
