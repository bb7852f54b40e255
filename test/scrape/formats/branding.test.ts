import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lastPrompt, useLlmTrawl, useOfflineTrawl, useSite } from './harness.js';
import { brandPage } from './pages.js';

const logo = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#E8A33D"/></svg>';
const web = useSite({ '/': { html: brandPage }, '/static/logo.svg': { body: logo, type: 'image/svg+xml' } });

describe('branding format, measured in Chromium', () => {
  const t = useOfflineTrawl();

  test("colour scheme, colours, fonts, type scale, buttons, logo and favicon from the page's computed styles", async () => {
    const doc = await t.fc.scrape(web.site.url('/'), { formats: ['branding'] });
    const b = doc.branding!;
    assert.equal(b.colorScheme, 'dark');
    assert.equal(b.brandName, 'Fjord Coffee');
    assert.equal(b.logo, web.site.url('/static/logo.svg'));
    assert.deepEqual(b.images, { logo: web.site.url('/static/logo.svg'), favicon: web.site.url('/static/fjord.png'), ogImage: web.site.url('/og.png') });
    assert.equal(b.colors!.primary, '#E8A33D');
    assert.equal(b.colors!.background, '#0B1D2A');
    assert.equal(b.colors!.textPrimary, '#F2F2F2');
    assert.equal(b.colors!.textSecondary, '#9FB3C8');
    assert.equal(b.colors!.link, '#E8A33D');
    assert.deepEqual(b.typography!.fontFamilies, { primary: 'Inter', heading: 'Playfair Display', code: 'JetBrains Mono' });
    assert.deepEqual(b.typography!.fontStacks!.heading, ['Playfair Display', 'Georgia', 'serif']);
    assert.deepEqual(b.typography!.fontSizes, { h1: '48px', h2: '32px', body: '16px', small: '13.3333px' });
    assert.deepEqual(b.typography!.lineHeights, { heading: 1.17, body: 1.5 });
    assert.deepEqual(b.typography!.fontWeights, { regular: 400, bold: 700 });
    assert.deepEqual(b.components!.buttonPrimary, { background: '#E8A33D', textColor: '#0B1D2A', borderRadius: '8px' });
    assert.deepEqual(b.components!.buttonSecondary, { textColor: '#E8A33D', borderColor: '#E8A33D', borderRadius: '8px' });
    assert.ok(b.fonts!.some((f) => f.family === 'Inter' && f.role === 'body'));
    assert.equal(b.personality, undefined);
    assert.match(doc.warning!, /Branding: no language model is configured \(TRAWL_LLM_BASE_URL\), so personality and tone of voice were not read/);
  });

  test("the caller's own actions keep their results; the probe's is not among them", async () => {
    const doc = await t.fc.scrape(web.site.url('/'), { formats: ['branding'], actions: [{ type: 'executeJavascript', script: 'return 6 * 7' }] });
    assert.equal(doc.branding!.colors!.primary, '#E8A33D');
    assert.deepEqual((doc.actions as { javascriptReturns: unknown[] }).javascriptReturns, [{ type: 'number', value: 42 }]);
  });
});

describe('branding format with an OpenAI-compatible LLM', () => {
  const t = useLlmTrawl(() => JSON.stringify({ tone: 'modern', energy: 'medium', targetAudience: 'coffee lovers who brew at home', voice: 'warm and concise', emojiUsage: 'none' }));

  test("the model adds personality and tone of voice from the page's words", async () => {
    const doc = await t.fc.scrape(web.site.url('/'), { formats: ['branding'] });
    assert.deepEqual(doc.branding!.personality, { tone: 'modern', energy: 'medium', targetAudience: 'coffee lovers who brew at home' });
    assert.deepEqual(doc.branding!.tone, { voice: 'warm and concise', emojiUsage: 'none' });
    assert.equal(doc.branding!.colors!.primary, '#E8A33D');
    assert.match(lastPrompt(t.llm), /Small-batch roasts/);
    assert.equal(doc.warning, undefined);
  });
});
