import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { transformHtml } from '../../../src/scrape/transform/index.js';

const URL_ = 'https://www.example.com/blog/post?id=7';

function metadataOf(head: string, body = '<p>Hello</p>', htmlAttributes = ' lang="en"') {
  const html = `<!doctype html><html${htmlAttributes}><head>${head}</head><body>${body}</body></html>`;
  return transformHtml({ html, url: URL_, formats: new Set(), onlyMainContent: true, removeBase64Images: true }).metadata;
}

describe('metadata from the page (spec §2.6.1)', () => {
  test('title from <title>, whitespace collapsed; an SVG <title> is not the page title', () => {
    assert.equal(metadataOf('<title>\n  My   page\n</title>').title, 'My page');
    assert.equal(metadataOf('', '<svg><title>icon</title></svg><p>x</p>').title, undefined);
    assert.equal(metadataOf('<title>&amp; more</title>').title, '& more');
  });

  test('<meta name="title"> does not replace <title>', () => {
    const m = metadataOf('<title>Real</title><meta name="title" content="Other">');
    assert.equal(m.title, 'Real');
  });

  test('description, keywords and robots from their meta tags', () => {
    const m = metadataOf(
      '<meta name="description" content="About things"><meta name="keywords" content="a, b"><meta name="robots" content="noindex, follow">',
    );
    assert.equal(m.description, 'About things');
    assert.equal(m.keywords, 'a, b');
    assert.equal(m.robots, 'noindex, follow');
  });

  test('language from <html lang>, else Content-Language', () => {
    assert.equal(metadataOf('').language, 'en');
    assert.equal(metadataOf('<meta http-equiv="content-language" content="de-AT">', '', '').language, 'de-AT');
    assert.equal(metadataOf('', '', '').language, undefined);
  });

  test('OpenGraph fields, from property (or name, as some sites write them)', () => {
    const m = metadataOf(`
      <meta property="og:title" content="OG title"><meta property="og:description" content="OG description">
      <meta property="og:url" content="https://www.example.com/p"><meta property="og:image" content="https://cdn.example.com/a.jpg">
      <meta property="og:image" content="https://cdn.example.com/b.jpg">
      <meta property="og:audio" content="https://cdn.example.com/a.mp3"><meta property="og:determiner" content="the">
      <meta property="og:locale" content="en_GB"><meta property="og:locale:alternate" content="fr_FR">
      <meta property="og:locale:alternate" content="de_DE"><meta name="og:site_name" content="Example">
      <meta property="og:video" content="https://cdn.example.com/v.mp4">`);
    assert.equal(m.ogTitle, 'OG title');
    assert.equal(m.ogDescription, 'OG description');
    assert.equal(m.ogUrl, 'https://www.example.com/p');
    assert.equal(m.ogImage, 'https://cdn.example.com/a.jpg', 'the first of repeated og:image');
    assert.equal(m.ogAudio, 'https://cdn.example.com/a.mp3');
    assert.equal(m.ogDeterminer, 'the');
    assert.equal(m.ogLocale, 'en_GB');
    assert.deepEqual(m.ogLocaleAlternate, ['fr_FR', 'de_DE']);
    assert.equal(m.ogSiteName, 'Example');
    assert.equal(m.ogVideo, 'https://cdn.example.com/v.mp4');
    assert.deepEqual(m['og:image'], ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.jpg']);
  });

  test('ogLocaleAlternate is always an array', () => {
    assert.deepEqual(metadataOf('').ogLocaleAlternate, []);
  });

  test('Dublin Core, whatever the case and separator', () => {
    const m = metadataOf(`
      <meta name="DCTERMS.created" content="2024-01-02"><meta name="DC.date.created" content="2024-01-03">
      <meta name="dc.date" content="2024-01-04"><meta name="dcterms:type" content="Text"><meta name="DC.type" content="Article">
      <meta name="DCTERMS.audience" content="Public"><meta name="dcterms.subject" content="Water">
      <meta name="DC.subject" content="Rivers"><meta name="DC.description" content="A report">
      <meta name="dcterms.keywords" content="flow; level">`);
    assert.equal(m.dcTermsCreated, '2024-01-02');
    assert.equal(m.dcDateCreated, '2024-01-03');
    assert.equal(m.dcDate, '2024-01-04');
    assert.equal(m.dcTermsType, 'Text');
    assert.equal(m.dcType, 'Article');
    assert.equal(m.dcTermsAudience, 'Public');
    assert.equal(m.dcTermsSubject, 'Water');
    assert.equal(m.dcSubject, 'Rivers');
    assert.equal(m.dcDescription, 'A report');
    assert.equal(m.dcTermsKeywords, 'flow; level');
    assert.equal(m['DC.subject'], 'Rivers', 'also kept under its own name');
  });

  test('article times, tag and section', () => {
    const m = metadataOf(`
      <meta property="article:published_time" content="2024-05-12T08:30:00Z">
      <meta property="article:modified_time" content="2024-06-02T17:05:41Z">
      <meta property="article:tag" content="tomatoes"><meta property="article:tag" content="balcony">
      <meta name="article:section" content="Gardening">`);
    assert.equal(m.publishedTime, '2024-05-12T08:30:00Z');
    assert.equal(m.modifiedTime, '2024-06-02T17:05:41Z');
    assert.equal(m.articleTag, 'tomatoes');
    assert.deepEqual(m['article:tag'], ['tomatoes', 'balcony']);
    assert.equal(m.articleSection, 'Gardening');
  });

  test('twitter:* and every other meta keyed by its name; repeats become an array', () => {
    const m = metadataOf(`
      <meta name="twitter:card" content="summary"><meta name="twitter:site" content="@example">
      <meta name="viewport" content="width=device-width"><meta name="theme-color" content="#fff">
      <meta name="theme-color" content="#000"><meta name="empty" content="">`,
      '<div itemscope><meta itemprop="price" content="19.99"></div>');
    assert.equal(m['twitter:card'], 'summary');
    assert.equal(m['twitter:site'], '@example');
    assert.equal(m.viewport, 'width=device-width');
    assert.deepEqual(m['theme-color'], ['#fff', '#000']);
    assert.equal(m.price, '19.99', 'microdata <meta itemprop> in the body');
    assert.equal('empty' in m, false);
  });

  test('a meta named like an object internal stays a plain key', () => {
    const m = metadataOf('<meta name="__proto__" content="x"><meta name="constructor" content="y">');
    assert.equal(Object.getPrototypeOf(m), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(m, '__proto__')?.value, 'x');
    assert.equal(m.constructor, 'y');
    assert.deepEqual(Object.keys(m).sort(), ['__proto__', 'constructor', 'language', 'ogLocaleAlternate']);
  });

  test('favicon: the declared icon, absolute; an icon is preferred to a touch icon; none is not invented', () => {
    assert.equal(metadataOf('<link rel="icon" href="/favicon-32.png">').favicon, 'https://www.example.com/favicon-32.png');
    assert.equal(
      metadataOf('<link rel="apple-touch-icon" href="touch.png"><link rel="shortcut icon" href="//cdn.example.com/f.ico">').favicon,
      'https://cdn.example.com/f.ico',
    );
    assert.equal(metadataOf('<link rel="apple-touch-icon" href="touch.png">').favicon, 'https://www.example.com/blog/touch.png');
    assert.equal(metadataOf('<link rel="stylesheet" href="/s.css">').favicon, undefined);
  });

  test('relative favicon and canonical resolve against <base href>', () => {
    const m = metadataOf('<base href="https://static.example.net/site/"><link rel="icon" href="icon.svg"><link rel="canonical" href="/blog/post">');
    assert.equal(m.favicon, 'https://static.example.net/site/icon.svg');
    assert.equal(m.canonical, 'https://static.example.net/blog/post');
  });

  test('metadata is read whatever formats were asked for', () => {
    const { metadata, markdown, html } = transformHtml({
      html: '<title>T</title><p>x</p>',
      url: URL_,
      formats: new Set(['links']),
      onlyMainContent: false,
      removeBase64Images: true,
    });
    assert.equal(metadata.title, 'T');
    assert.equal(markdown, undefined);
    assert.equal(html, undefined);
  });
});
