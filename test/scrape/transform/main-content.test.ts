import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { transformHtml } from '../../../src/scrape/transform/index.js';

const URL_ = 'https://example.com/page';
const prose = (words: string) => `${words} `.repeat(12).trim();

function markdown(body: string, onlyMainContent = true, extra: { includeTags?: string[] } = {}) {
  return transformHtml({
    html: `<html><body>${body}</body></html>`,
    url: URL_,
    formats: new Set(['markdown']),
    onlyMainContent,
    removeBase64Images: true,
    ...extra,
  }).markdown!;
}

const chrome = `
  <header class="site-header"><a href="/">Site</a><nav><a href="/a">Section A</a><a href="/b">Section B</a></nav></header>
  <div id="cookie-banner">We use cookies. <button>Accept</button></div>`;
const footer = `<footer><p>© Example Ltd</p><a href="/privacy">Privacy</a></footer>`;

describe('onlyMainContent', () => {
  test('keeps <main> and drops the site header, navigation, cookie banner and footer', () => {
    const md = markdown(`${chrome}<main><h1>Title</h1><p>${prose('The article text.')}</p></main>${footer}`);
    assert.equal(md, `# Title\n\n${prose('The article text.')}`);
  });

  test('off: the whole body', () => {
    const md = markdown(`${chrome}<main><h1>Title</h1><p>Body.</p></main>${footer}`, false);
    assert.match(md, /Section A/);
    assert.match(md, /We use cookies/);
    assert.match(md, /© Example Ltd/);
  });

  test('[role=main] and <article> are roots too', () => {
    assert.equal(markdown(`${chrome}<div role="main"><p>${prose('Role main.')}</p></div>${footer}`), prose('Role main.'));
    assert.equal(markdown(`${chrome}<article><p>${prose('Article.')}</p></article>${footer}`), prose('Article.'));
  });

  test('without landmarks, the densest block of prose wins over link lists', () => {
    const md = markdown(`
      <div class="top"><a href="/1">One</a> <a href="/2">Two</a> <a href="/3">Three</a></div>
      <div class="wrap"><div class="left"><ul><li><a href="/x">Link x</a></li><li><a href="/y">Link y</a></li></ul></div>
      <div class="right"><h2>Heading</h2><p>${prose('Dense text here.')}</p><p>${prose('More dense text.')}</p></div></div>
      <div class="bottom"><a href="/terms">Terms</a></div>`);
    assert.equal(md, `## Heading\n\n${prose('Dense text here.')}\n\n${prose('More dense text.')}`);
  });

  test('the title <h1> in the article header stays; a site header goes', () => {
    const md = markdown(`${chrome}<main><article><header><h1>Article title</h1><p>By Ann</p></header>
      <p>${prose('Text.')}</p><footer>Tags: x</footer></article></main>`);
    assert.equal(md, `# Article title\n\nBy Ann\n\n${prose('Text.')}`);
  });

  test('a page title left outside <main> is brought back', () => {
    const md = markdown(`${chrome}<div class="hero"><h1>Hero title</h1></div><main><p>${prose('Body.')}</p></main>${footer}`);
    assert.equal(md, `# Hero title\n\n${prose('Body.')}`);
  });

  test('ads, share widgets, related posts, comments and newsletter boxes inside the article go', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <div class="ad-slot">Advertisement</div><div class="share-buttons"><a href="/s">Share</a></div>
      <p>${prose('Second.')}</p>
      <section class="related-posts"><h2>Related</h2><a href="/r">Other post</a></section>
      <div id="comments"><h3>2 comments</h3><p>Nice!</p><form><textarea></textarea><button>Post</button></form></div>
      <div class="newsletter-signup"><p>Subscribe!</p></div>
      <div aria-hidden="true">Hidden duplicate</div><div hidden>Hidden</div><p style="display: none">Invisible</p></article>`);
    assert.equal(md, `# T\n\n${prose('First.')}\n\n${prose('Second.')}`);
  });

  test('calls to action, donation, disclosure, licence and contact boxes and reading times inside the article go', () => {
    const md = markdown(`<article><h1>T</h1><p class="article-reading-time">4 min read</p><p>${prose('First.')}</p>
      <section class="c-letters-cta"><p>We want to hear what you think about this article.</p></section>
      <div class="article-donation-CTA">We rely on your support.</div>
      <section class="editorial-disclosure"><p>This post contains references to products.</p></section>
      <div class="promotion-box"><h3>Enjoying this article?</h3></div>
      <p>${prose('Second.')}</p><div id="site_spenden"><h3>Jede kleine Spende hilft</h3></div>
      <div class="c-article-buy-box">Instant access to the full article PDF.</div>
      <div class="licenceInfo">This material is protected by copyright.</div>
      <div class="contactbox"><p>Press office: Ann Lee</p></div></article>`);
    assert.equal(md, `# T\n\n${prose('First.')}\n\n${prose('Second.')}`);
  });

  test('a line crediting a photo or a source, or giving a reading time, goes; a caption that says more stays, without its credit', () => {
    const md = markdown(`<article><h1>T</h1><p>Lesezeit: 3 Minuten</p><p>${prose('First.')}</p>
      <figure><img src="/a.jpg" alt="A"><figcaption>Foto: dpa</figcaption></figure>
      <figure><img src="/b.jpg" alt="B"><figcaption>Strikers outside the hall. Photo: Ann Lee</figcaption></figure>
      <p>${prose('Second.')}</p><p><em>Quelle: Landesregierung</em></p><p><small>(crédito: Minervino Júnior)</small></p></article>`);
    assert.equal(
      md,
      `# T\n\n${prose('First.')}\n\n![A](https://example.com/a.jpg)\n\n![B](https://example.com/b.jpg)\n\n*Strikers outside the hall.*\n\n${prose('Second.')}`,
    );
  });

  test('paragraphs that only point to other stories go; the same words opening a sentence stay', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <p><strong>Auch interessant</strong></p><ul><li><a href="/x">Other story</a></li></ul>
      <p>Das Thema könnte dich auch interessieren:</p>
      <p><b>LE PUEDE INTERESAR:</b> <a href="/y">La ficha de otro caso en el tribunal</a></p>
      <p>Read more: <a href="/z">Looted colonial art</a></p>
      <p><strong>Schon gelesen?</strong></p><blockquote class="wp-embedded-content"><a href="/w">Another post of this blog</a></blockquote>
      <p>Related research shows the same effect in older adults, the authors say.</p>
      <p>Read more: the report lists every case since 2010, with dates and places.</p>
      <p>${prose('Second.')}</p></article>`);
    assert.doesNotMatch(md, /Auch interessant|könnte dich|PUEDE|Looted|Schon gelesen|Another post/);
    assert.match(md, /Related research shows/);
    assert.match(md, /Read more: the report lists/);
    assert.match(md, /Second\./);
  });

  test('more lead-ins to other stories go: after » or in a quote or a box, and section titles of more stories', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <p><strong>Lea más:&nbsp;<a href="/x">Otro caso llega al tribunal supremo</a></strong></p>
      <blockquote><strong>PUEDES VER:</strong> <a href="/y">¿Cómo sacar el certificado en línea?</a></blockquote>
      <div>Auch lesen: <a href="/z">Diese drei Sternzeichen verlieben sich zu schnell</a></div>
      <p>${prose('Second.')}</p>
      <p>Lea Müller, who runs the farm, says the harvest came early.</p>
      <h2>Mehr Interessantes</h2><ul><li><a href="/m">Noch eine Geschichte</a></li></ul></article>`);
    assert.doesNotMatch(md, /Otro caso|PUEDES VER|Sternzeichen|Mehr Interessantes|Noch eine/);
    assert.match(md, /Lea Müller, who runs the farm/);
    assert.match(md, /Second\./);
  });

  test('paragraphs that are each one link, one after another, go; a single link paragraph stays', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <p><a href="/s">The full report of the inquiry (PDF)</a></p>
      <p>${prose('Second.')}</p>
      <p><a href="/a">Kohlmann: next we win the Davis Cup</a></p>
      <p><a href="/b">Young teams named for the coming season</a></p></article>`);
    assert.match(md, /The full report of the inquiry/);
    assert.doesNotMatch(md, /Davis Cup|Young teams/);
    assert.match(md, /Second\./);
  });

  test('a card that links a heading, or a picture and a title, to another story goes from inside the article; a heading holding its own link and a linked picture with its caption stay', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <figure><a href="/other"><img src="/i.jpg"><figcaption><h3>Rail every fifteen minutes</h3><p>The plan for the regional trains</p></figcaption></a></figure>
      <h2><a href="#costs">What it costs</a></h2>
      <p><a href="/story"><img src="/t.jpg"><span>So the diesel engines stay clean for longer</span></a></p>
      <figure><a href="/big.jpg"><img src="/b.jpg"></a><figcaption>The new lanes on Harbor Avenue</figcaption></figure>
      <p>${prose('Second.')}</p></article>`);
    assert.doesNotMatch(md, /Rail every fifteen minutes|regional trains|diesel engines/);
    assert.match(md, /The new lanes on Harbor Avenue/);
    assert.match(md, /What it costs/);
    assert.match(md, /Second\./);
  });

  test('a small card whose one heading links to another story goes; a section whose heading links within the page stays', () => {
    const body = `<p>${prose('The council met on Tuesday to decide on the budget.')}</p>`;
    const md = markdown(`<article><h1>T</h1>${body}
      <div class="box"><h2><a href="/other-story">What you need to know about the virus</a></h2><p>Answers to the most asked questions.</p></div>
      <div class="box"><h2><a href="#costs">What it costs</a></h2><p>${prose('The plan costs four million.')}</p></div>
      ${body}${body}</article>`);
    assert.doesNotMatch(md, /need to know about the virus|most asked questions/);
    assert.match(md, /What it costs/);
    assert.match(md, /four million/);
  });

  test('a list or a box that is one link goes from inside the article; a paragraph that is one link, and the section kicker over the headline, stay', () => {
    const md = markdown(`<article><div><a href="/local/transport">Transportation</a></div><h1>T</h1><p>${prose('First.')}</p>
      <ul><li><a href="/live"><strong>The latest news about the outbreak</strong></a></li></ul>
      <div class="x1"><div><a href="/brexit">Brexit raises the fees for students</a></div></div>
      <p><a href="/report.pdf">The full report of the inquiry (PDF)</a></p>
      <p>${prose('Second sentence.')}</p></article>`);
    assert.doesNotMatch(md, /latest news about the outbreak|Brexit raises/);
    assert.match(md, /The full report of the inquiry/);
    assert.match(md, /Transportation/);
  });

  test('a note that the links are affiliate links goes, and a credit line in more languages; the caption stays', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <p><em>Anzeige, enthält Affiliate Links</em></p>
      <figure><img src="/a.jpg" alt="A"><figcaption><span>Merkel met Marin in Berlin on Wednesday.</span> <span>Kuva: Alexander Becher</span></figcaption></figure>
      <p>This post may contain links; if you buy through them I may receive a small commission.</p>
      <p>${prose('The commission of inquiry, which met for a year, found that the affiliate company paid.')}</p></article>`);
    assert.doesNotMatch(md, /Anzeige, enthält|Kuva|small commission/);
    assert.match(md, /Merkel met Marin in Berlin/);
    assert.match(md, /The commission of inquiry/);
  });

  test('headings that open the comment form or say there are no comments go with what follows', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <h3>Vos réactions</h3><p>Soyez le premier à réagir à cet article.</p>
      <h2>Keine Kommentare</h2><p>Sei der Erste, der etwas schreibt.</p></article>`);
    assert.equal(md, `# T\n\n${prose('First.')}`);
  });

  test('a line naming the category the post was filed under, and links back to the list, go; a heading "Zurück zur Natur" stays', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <div class="PostCategory">Kategorie: <a href="/c/news">News</a></div>
      <h2>Zurück zur Natur</h2><p>${prose('Second.')}</p>
      <p><a href="/news">zurück zur Listenansicht</a></p><a class="link-prev" href="/press">Back to the newsroom</a></article>`);
    assert.equal(md, `# T\n\n${prose('First.')}\n\n## Zurück zur Natur\n\n${prose('Second.')}`);
  });

  test('a heading that leads to another story ("MIRA: <link>") goes alone; a heading with the same words and no link stays', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <h3>MIRA: <a href="/x">Madre se acerca a conocer los motivos de la captura</a></h3>
      <h2>Mira: la nueva ley en detalle</h2><p>${prose('Second.')}</p></article>`);
    assert.equal(md, `# T\n\n${prose('First.')}\n\n## Mira: la nueva ley en detalle\n\n${prose('Second.')}`);
  });

  test('a plain-text label of related stories over a list of links goes; the same words over text stay', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <div><span>Zobacz również</span><ul><li><a href="/a">Unia Leszno wygrywa</a></li><li><a href="/b">Falubaz przegrywa w Lesznie</a></li></ul>
      <p>${prose('Second, about the same subject.')}</p></div>
      <div><span>Siehe auch</span><p>${prose('Third, about the same subject.')}</p></div></article>`);
    assert.doesNotMatch(md, /Zobacz|Unia Leszno/);
    assert.match(md, /Siehe auch/);
    assert.match(md, /Second, about/);
    assert.match(md, /Third, about/);
  });

  test('the lead beside the article body, between the title and the text, comes with it', () => {
    const md = markdown(`${chrome}<div class="news"><h1>Title</h1><div class="teaser-text"><p>The lead says what happened, where and to whom, in one sentence.</p></div>
      <div class="news-text-wrap"><p>${prose('The body, with clauses, tells the rest.')}</p><p>${prose('More of it, and more.')}</p></div></div>
      <div class="col"><p><a href="/1">One story</a> <a href="/2">Two stories</a></p></div>${footer}`);
    assert.equal(md, `# Title\n\nThe lead says what happened, where and to whom, in one sentence.\n\n${prose('The body, with clauses, tells the rest.')}\n\n${prose('More of it, and more.')}`);
  });

  test('a lead in a box of its own between the title and the body comes too; a picture and a boxed section there do not', () => {
    const md = markdown(`${chrome}<div class="page"><div class="head"><div class="kicker"><h1>Title</h1></div>
      <div class="stage"><figure><img src="/p.jpg" alt="P"><figcaption>The square on Monday, seen from the town hall.</figcaption></figure></div>
      <div class="intro-row"><div class="intro"><p>The lead says what happened, where and to whom, in one sentence.</p></div></div></div>
      <div class="aside-box"><h3>Dates</h3><p>Every Tuesday and Thursday the office opens early for visitors.</p></div>
      <div class="body"><p>${prose('The body, with clauses, tells the rest.')}</p><p>${prose('More of it, and more.')}</p></div></div>${footer}`);
    assert.match(md, /^# Title\n\nThe lead says what happened, where and to whom, in one sentence\.\n\nThe body, with clauses/);
    assert.doesNotMatch(md, /seen from the town hall|office opens early/);
  });

  test('a heading with nothing after it at the end of the article goes; one followed by text, or ending a sentence, stays', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p><h2>What the council decided</h2><p>${prose('Second.')}</p>
      <div class="end"><h3>Join the readers' forum</h3><div class="loader"></div></div></article>`);
    assert.match(md, /What the council decided/);
    assert.doesNotMatch(md, /readers' forum/);
    const md2 = markdown(`<article><h1>T</h1><p>${prose('First.')}</p><h4>And that is how it ended.</h4></article>`);
    assert.match(md2, /And that is how it ended\./);
  });

  test("a picture's credit goes, in a box of its own after its separator or as only the copyright holder; the caption stays", () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First, with clauses.')}</p>
      <figure><img src="/a.jpg" alt=""><figcaption>The square at dawn. <span class="sources">/ Źródło: Pixabay</span></figcaption></figure>
      <figure><img src="/b.jpg" alt=""><figcaption>© Jane Doe/Agency</figcaption></figure>
      <p><em>Titelbild: Jane Doe/Agency</em></p><p>${prose('Second, with more.')}</p></article>`);
    assert.match(md, /The square at dawn\./);
    assert.doesNotMatch(md, /Pixabay|Jane Doe/);
  });

  test("the paper's pitch for members in a paragraph longer than a line goes; the article's paragraphs stay", () => {
    const pitch = 'We have reported from this city for more than a hundred years, through wars, floods and elections, and we mean to go on doing it for the next hundred. Independent reporting costs money. <strong>Become a member and enjoy exclusive benefits</strong>';
    const md = markdown(`<article><h1>T</h1><p>${prose('First, with clauses.')}</p><p>${pitch}</p><p>${prose('Second, with more.')}</p></article>`);
    assert.match(md, /First, with clauses\./);
    assert.match(md, /Second, with more\./);
    assert.doesNotMatch(md, /hundred years|Become a member/);
  });

  test("the publisher's disclaimer and licence note go; the article's sentences about opinions and licences stay", () => {
    const article = `<p>${prose('The court said the licence was valid, and the author agreed.')}</p>`;
    const md = markdown(`<article><h1>T</h1>${article}
      <p>Dieser Beitrag gibt die Meinung des Autors wieder, nicht notwendigerweise die der Redaktion.</p>
      <p><em>Dieser Text wurde veröffentlicht unter der Lizenz CC-BY-NC-ND-4.0-DE.</em></p>
      <p>${prose('Critics said the ruling does not reflect, in their view, the law.')}</p>
      <div>GIS NOW is not responsible for the opinions, statements or media content presented by contributors.</div></article>`);
    assert.match(md, /The court said the licence was valid/);
    assert.match(md, /Critics said the ruling/);
    assert.doesNotMatch(md, /Meinung des Autors|CC-BY|not responsible/);
  });

  test('a short line that is not a sentence, last in the article, goes; a last sentence, a figure, a list item or a line ending in a colon stays', () => {
    const body = `<h1>T</h1><p>${prose('First, with clauses.')}</p><p>${prose('Second, with more.')}</p>`;
    const label = markdown(`<article>${body}<div class="box"><p><strong>Infos zum Reiseziel</strong></p></div></article>`);
    assert.match(label, /Second, with more\./);
    assert.doesNotMatch(label, /Infos zum Reiseziel/);
    for (const end of ['<p>And that is how it ended.</p>', '<p>390 kcal</p>', '<ul><li>Salt and pepper</li></ul>', '<p>Das Konzeptpapier finden Sie hier:</p>']) {
      const text = end.replace(/<[^>]+>/g, '');
      assert.match(markdown(`<article>${body}${end}</article>`), new RegExp(text.replace(/[.]/g, '\\.')), end);
    }
  });

  test('the short lines above the title go (labels, a credit); its picture and the kicker right over it stay, and so do lines above an <h1> that comes after text', () => {
    const md = markdown(`${chrome}<article><div class="top"><span>Pressemitteilung</span> <span>Aktuell</span></div>
      <figure><img src="/hero.jpg" alt="Hero"><figcaption>Judy Eddy/Agency</figcaption></figure>
      <p class="kicker">Handball</p><div class="headline"><h1>Title</h1></div><p>${prose('The article, with clauses.')}</p></article>${footer}`);
    assert.match(md, /^!\[Hero\]\(https:\/\/example\.com\/hero\.jpg\)\n\nHandball\n\n# Title\n\nThe article, with clauses\./);
    const post = markdown(`<article><p>${prose('A post that starts before its first heading, with clauses.')}</p><p>Handball Nationalteams</p>
      <h1>Heading</h1><p>${prose('The rest, with more.')}</p></article>`);
    assert.match(post, /Handball Nationalteams\n\n# Heading/);
  });

  test('boxes about the series or the context, the print issue label and share prompts go, in several languages; the article stays', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First, with clauses.')}</p>
      <h3>Contexto de la noticia</h3><p>El alcalde ya había anunciado el plan en marzo.</p>
      <h2>What the council decided</h2><p>${prose('Second, with more.')}</p>
      <p><strong>Möchten Sie den Artikel teilen?</strong></p><p>ERSCHIENEN IN</p><p>${prose('Third, and last.')}</p>
      <h4>Quellenangaben:</h4><p>WWF (2020): Living Planet Report, abrufbar unter wwf.de.</p>
      <h2>Über diese Reihe</h2><p>Die Reihe erscheint monatlich und beleuchtet Wahlen in Europa.</p></article>`);
    assert.match(md, /First, with clauses\.[^]*## What the council decided\n\nSecond, with more\.[^]*Third, and last\.$/);
    assert.doesNotMatch(md, /Contexto|alcalde|Möchten Sie|ERSCHIENEN|Quellenangaben|WWF|Reihe/);
  });

  test('a line that only says when the page was published or changed goes, in several languages; a sentence with a date stays', () => {
    const md = markdown(`<article><h1>T</h1><p class="x">Veröffentlichung: 2. Februar 2022</p><p>${prose('First, with clauses.')}</p>
      <p>Published on Jan 11, 2019</p><p>The vote was published on Jan 11, 2019, after a long night.</p><p>${prose('Second, with more.')}</p>
      <p><small>Letzte Änderung 14.02.2019</small></p></article>`);
    assert.match(md, /The vote was published on Jan 11, 2019/);
    assert.doesNotMatch(md, /Veröffentlichung|Published on|Letzte Änderung/);
  });

  test("a line that only names the picture agency goes; the caption and a sentence about the agency stay", () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First, with clauses.')}</p>
      <figure><img src="/a.jpg" alt=""><figcaption><span>The square at dawn.</span> <span class="sub">ShutterStock</span></figcaption></figure>
      <p><small>(Jane Doe / iStock.com)</small></p><p>Shutterstock bought the agency.</p><p>${prose('Second, with more.')}</p></article>`);
    assert.match(md, /The square at dawn\./);
    assert.match(md, /Shutterstock bought the agency\./);
    assert.doesNotMatch(md, /ShutterStock|iStock/);
  });

  test("the author's sign-off last in a post stays, in several languages; a label there still goes", () => {
    const body = `<h1>T</h1><p>${prose('First, with clauses.')}</p><p>${prose('Second, with more.')}</p>`;
    for (const end of ['Euer Hans', 'xoxo Franzi', 'Cheers, Ann', 'Bisous Claire']) {
      assert.match(markdown(`<article>${body}<p>${end}</p></article>`), new RegExp(`${end}$`), end);
    }
    assert.doesNotMatch(markdown(`<article>${body}<p>Euer Hans</p><p><strong>Infos zum Reiseziel</strong></p></article>`), /Infos zum Reiseziel/);
  });

  test('a section that sends the reader on ("Read further …") or asks them to stay informed goes with what follows it', () => {
    const md = markdown(`<main><h1>T</h1><p>${prose('First, with clauses.')}</p>
      <h2>Read further in the pursuit of knowledge</h2><div><h3>Our legal case has been expedited. Here is what that means.</h3></div>
      <h2>Stay up-to-date on our work.</h2><p>Get email updates from the foundation.</p></main>`);
    assert.match(md, /First, with clauses\.$/);
    assert.doesNotMatch(md, /Read further|expedited|Stay up-to-date|email updates/);
  });

  test('on a page of a few lines (under 250 characters) the last short lines are its content', () => {
    const md = markdown('<h1>Settings</h1><p>What this page was asked for, shown back.</p><p>time zone Europe/Paris</p><div>lang fr-FR</div>');
    assert.match(md, /time zone Europe\/Paris\n\nlang fr-FR$/);
    // The same lines after an article are labels and go.
    const long = markdown(`<article><h1>Settings</h1><p>${prose('What this page was asked for, shown back.')}</p><p>time zone Europe/Paris</p><div>lang fr-FR</div></article>`);
    assert.doesNotMatch(long, /lang fr-FR/);
  });

  test('a short post made mostly of links keeps them, and still loses its share bar and related posts', () => {
    const menu = Array.from({ length: 40 }, (_, i) => `<li><a href="/s${i}">Section number ${i}</a></li>`).join('');
    const md = markdown(`<nav><ul>${menu}</ul></nav><article><h1>Links of the week</h1>
      <p>Three things I read this week, and why they matter to anyone who bakes bread at home.</p>
      <ul><li><a href="/a">A long read about sourdough starters and their keeping</a></li>
      <li><a href="/b">Flour prices in the last ten years, region by region</a></li>
      <li><a href="/c">How ovens heat, explained with pictures</a></li></ul>
      <div class="sharedaddy"><h3>Teilen mit:</h3><a href="/fb">Facebook</a></div>
      <div class="jp-relatedposts"><h3>Ähnliche Beiträge</h3><p>Last week's links, in case you missed them.</p></div></article>`);
    assert.match(md, /Three things I read/);
    assert.match(md, /\[A long read about sourdough starters/);
    assert.doesNotMatch(md, /Teilen mit|Facebook|Ähnliche|Last week/);
    assert.doesNotMatch(md, /Section number/);
  });

  test('a post of a few lines keeps its own region, without its share bar, rather than the whole blog around it', () => {
    const menu = Array.from({ length: 30 }, (_, i) => `<li><a href="/m${i}">Archive of month ${i}</a></li>`).join('');
    const md = markdown(`<div id="header"><ul>${menu}</ul></div><div class="sidebar-left"><a href="/about">About me</a></div>
      <div class="postentry"><p>M: Who slips next on the ice? Me: I bet you do, aah. Paff. Ouch. M: Won!</p>
      <div class="sharedaddy"><h3>Share this:</h3><a href="/tw">Twitter</a></div></div>
      <div id="comments-closed"><h2>No responses yet</h2></div><div id="footer"><a href="/engine">Powered by a blog engine</a></div>`);
    assert.equal(md, 'M: Who slips next on the ice? Me: I bet you do, aah. Paff. Ouch. M: Won!');
  });

  test('a heading named as the comments opens them however its words run, and goes with them', () => {
    const md = markdown(`<article><h1>Heart</h1><p>${prose('An appreciation of a song.')}</p>
      <h3 id="comments">11 responses to “The Loneliest Woman in the World: An Appreciation of a Song”</h3>
      <ol><li><p>Great piece, thank you for writing it, I listened again.</p></li></ol></article>`);
    assert.match(md, /An appreciation of a song\./);
    assert.doesNotMatch(md, /11 responses|Great piece/);
  });

  test('an <h1> that opens the comments is not taken for the page title', () => {
    const md = markdown(`<div class="story"><div class="content"><p>${prose('How to scrape a page.')}</p>
      <div class="divider-title comments"><h1 class="more-heading">Comments</h1></div></div></div>
      <div class="side"><a href="/x">Other stories</a></div>`);
    assert.match(md, /How to scrape a page\./);
    assert.doesNotMatch(md, /Comments/);
  });

  test('the label over the contact details goes, in several languages; a heading that starts with the word stays', () => {
    for (const label of ['<p><strong>Kontakt:</strong></p>', '<h3>Contact</h3>', '<p>Pressekontakt</p>', '<div>Contacto:</div>']) {
      const md = markdown(`<article><h1>Climate models</h1><p>${prose('The new model runs faster.')}</p>${label}<p>Dr. Ann Example, phone 040 1234</p></article>`);
      assert.match(md, /The new model runs faster\./);
      assert.doesNotMatch(md, /Kontakt|Contact|Contacto/, label);
      assert.match(md, /Dr\. Ann Example/);
    }
    const md = markdown(`<article><h1>T</h1><p>${prose('Text.')}</p><h2>Contact tracing apps</h2><p>${prose('More text.')}</p></article>`);
    assert.match(md, /## Contact tracing apps/);
  });

  test('<main> holding plain sentences wins over a smaller box of comma-rich text beside it', () => {
    const plain = Array.from({ length: 8 }, (_, i) => `<p>Step ${i} of the recipe is to stir the lemon curd slowly over a low heat until it thickens and coats the back of the spoon well enough.</p>`).join('');
    const box = `<div class="box"><p>${'Lemons, limes, oranges, '.repeat(9)}and every citrus, in pots, on balconies.</p></div>`;
    const md = markdown(`<main><h1>Lemon curd</h1>${plain}</main>${box}`);
    assert.match(md, /Step 0 of the recipe/);
    assert.match(md, /Step 7 of the recipe/);
    assert.doesNotMatch(md, /Lemons, limes/);
  });

  test('a cookie panel or a comment thread that outweighs the article is not taken for it', () => {
    const cookies = `<div class="sp-dsgvo-category-container">${Array.from({ length: 6 }, (_, i) => `<p>${prose(`Cookie ${i} stores, for a year, which pages you saw.`)}</p>`).join('')}</div>`;
    const md = markdown(`<div class="page"><h1>Wine sales grow</h1><p>${prose('The winery sold more, and exported most of it.')}</p></div>${cookies}`);
    assert.match(md, /The winery sold more/);
    assert.doesNotMatch(md, /Cookie 0 stores/);
    const thread = `<div class="comment-list">${Array.from({ length: 6 }, (_, i) => `<div><p>${prose(`Reader ${i} says, at length, what they think.`)}</p></div>`).join('')}</div>`;
    const md2 = markdown(`<div class="post"><h1>Crispy potatoes</h1><p>${prose('Boil them first, then roast them hot.')}</p></div>${thread}`);
    assert.match(md2, /Boil them first/);
    assert.doesNotMatch(md2, /Reader 0 says/);
  });

  test('a header inside the article that holds prose stays; one of links goes', () => {
    const md = markdown(`${chrome}<main><article><section><header class="ImageText_Description"><h2>Gold in the pole vault</h2>
      <p>${prose('She cleared six metres, a world lead this year, and then tried more.')}</p></header></section>
      <section><header><a href="/t1">Sport</a> <a href="/t2">Athletics</a></header><p>${prose('The rest of the report.')}</p>
      <p>${prose('How the final went, jump by jump.')}</p><p>${prose('What the coach said after it.')}</p></section></article></main>${footer}`);
    assert.match(md, /She cleared six metres/);
    assert.match(md, /The rest of the report/);
    assert.doesNotMatch(md, /Athletics/);
  });

  test('short invitations to subscribe inside the article go; a paragraph that goes on about the subject stays', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <p>Never miss the latest news by signing up to our newsletter today!</p>
      <p>Zapraszamy też do subskrypcji tygodnika.</p><div>Jetzt zum kostenlosen Newsletter anmelden »</div>
      <p>${prose('The publisher says its newsletter, sent every morning, reached more readers than the site itself last year.')}</p></article>`);
    assert.doesNotMatch(md, /Never miss|Zapraszamy|Jetzt zum/);
    assert.match(md, /The publisher says its newsletter/);
    assert.match(md, /First\./);
  });

  test('short invitations to follow the paper, get its app or support it go; the article about an app stays', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <p>Síguenos en Telegram, Instagram y Facebook.</p>
      <p>For the latest stories download our apps for <a href="/ios">iOS</a> and <a href="/android">Android</a>.</p>
      <p>¿Ya sabías que tenemos canal de Telegram? Únete en este <a href="/t">enlace</a>.</p>
      <p>If you enjoyed reading this post, would you consider supporting our work?</p>
      <p>If you are already a subscriber, you can <a href="/login">log in</a>.</p>
      <p>${prose('The new banking app, which the bank released for phones last week, shows every payment as it happens.')}</p></article>`);
    assert.doesNotMatch(md, /Síguenos|latest stories|canal de Telegram|enjoyed reading|already a subscriber/);
    assert.match(md, /The new banking app/);
    assert.match(md, /First\./);
  });

  test('control labels (share, next article, back to the news) and a further-information section go', () => {
    const md = markdown(`<article><h1>T</h1><p>${prose('First.')}</p>
      <p>${prose('Second.')}</p><p>Teilen mit:</p><h3>Weiterführende Informationen</h3><ul><li><a href="/i">Informationen zur Prämie</a></li></ul>
      <a class="button" href="/news">Zurück zu allen Meldungen</a><div><span>Nächster Artikel</span></div></article>`);
    assert.equal(md, `# T\n\n${prose('First.')}\n\n${prose('Second.')}`);
  });

  test('class words match whole words only', () => {
    const md = markdown(`<main><div class="header-image badge download adjacent">${prose('Kept text.')}</div>
      <div class="anchorWithStickyNavbar_x">${prose('Also kept.')}</div></main>`);
    assert.equal(md, `${prose('Kept text.')}\n\n${prose('Also kept.')}`);
  });

  test('an element holding most of the text is kept whatever its class says', () => {
    const md = markdown(`<main><div class="content-sidebar-wrap"><div class="content"><p>${prose('Main text.')}</p></div>
      <div class="sidebar"><p>Side.</p></div></div></main>`);
    assert.equal(md, prose('Main text.'));
  });

  test('code is content even when its spans have boilerplate-like classes', () => {
    const md = markdown(`<main><p>${prose('Intro.')}</p><pre><code class="language-js"><span class="comment">// share this</span>\nx()</code></pre></main>`);
    assert.equal(md, `${prose('Intro.')}\n\n\`\`\`js\n// share this\nx()\n\`\`\``);
  });

  test('if the result would be nearly empty, the whole body is kept', () => {
    const md = markdown(`<main><div class="share">Share this page.</div><div class="related">Related pages.</div>
      <div class="newsletter">Our newsletter.</div></main><p>Outside.</p>`);
    assert.equal(md, 'Share this page.\n\nRelated pages.\n\nOur newsletter.\n\nOutside.');
  });

  test('a page too short for an article and a menu keeps its link list: the links are its content', () => {
    const md = markdown(`<h1>Shop</h1><p>We sell nets of every size.</p>
      <ul><li><a href="/a">Page A</a></li><li><a href="/b">Page B</a></li><li><a href="/c">Page C</a></li></ul>`);
    assert.match(md, /- \[Page A\]\(https:\/\/example\.com\/a\)\n- \[Page B\]/);
    // With an article beside it, the same list is navigation and goes.
    const long = markdown(`<h1>Shop</h1><p>${prose('We sell nets of every size and mend them by hand.')}</p>
      <ul><li><a href="/a">Page A</a></li><li><a href="/b">Page B</a></li><li><a href="/c">Page C</a></li></ul>`);
    assert.doesNotMatch(long, /Page A/);
  });

  test('several articles of similar size are a listing: all are kept', () => {
    const md = markdown(`${chrome}<div class="list"><article><h2>One</h2><p>${prose('First.')}</p></article>
      <article><h2>Two</h2><p>${prose('Second.')}</p></article></div><aside><p>${prose('Aside.')}</p></aside>`);
    assert.equal(md, `## One\n\n${prose('First.')}\n\n## Two\n\n${prose('Second.')}`);
  });

  test('with includeTags, chrome is dropped inside the included elements only', () => {
    const md = markdown(`<div class="post"><p>${prose('Post.')}</p><div class="share">Share</div></div><p>Outside.</p>`, true, {
      includeTags: ['.post'],
    });
    assert.equal(md, prose('Post.'));
  });

  test('a layout table: the content cell, read as blocks', () => {
    const md = markdown(`<table><tr><td colspan="2"><img src="/banner.gif" alt="Banner"></td></tr>
      <tr><td><a href="/1">Menu one</a><br><a href="/2">Menu two</a></td>
      <td><h1>Page</h1><p>${prose('Old school.')}</p><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table></td></tr></table>`);
    assert.equal(md, `# Page\n\n${prose('Old school.')}\n\n| A | B |\n| --- | --- |\n| 1 | 2 |`);
  });
});

describe('onlyMainContent: whole blocks of chrome', () => {
  const cards = (n: number) =>
    Array.from({ length: n }, (_, i) => `<div class="card"><a href="/show/${i}">Episode ${i}: what the programme found out this week</a></div>`).join('');

  test('a block that is both a link list and a section of other stories counts once toward what went as chrome', () => {
    // The grid is a list of links and is opened by "More from the show": dropped by both
    // rules, it must not count twice and make the short page look as if it were all chrome.
    const md = markdown(`${chrome}<main><h1>The programme</h1><p>${prose('Dubious sellers promise help with sleep.')}</p>
      <div class="grid"><h2>More from the show</h2><div class="row">${cards(12)}</div></div></main>${footer}`);
    assert.match(md, /Dubious sellers promise help/);
    assert.doesNotMatch(md, /More from the show|Episode 3/);
  });

  test('related stories with long excerpts go whatever their length; a section of text under such a heading stays', () => {
    const excerpt = prose('What the other story says in its first lines, at length.');
    const items = Array.from({ length: 5 }, (_, i) => `<li><a href="/story/${i}">Other story ${i}</a><small>${excerpt}</small></li>`).join('');
    const md = markdown(`${chrome}<main><h1>Title</h1><p>${prose('The article text.')}</p><p>${prose('It goes on.')}</p>
      <h2>Weiterführende Artikel zu diesem Thema</h2><ul>${items}</ul></main>${footer}`);
    assert.match(md, /The article text\./);
    assert.doesNotMatch(md, /Other story|in its first lines|Weiterführende/);
    // Paragraphs under such a heading, most of the text, are the article's own.
    const related = markdown(`${chrome}<main><h1>Title</h1><p>${prose('The article text.')}</p>
      <h2>Related work</h2><p>${prose('Earlier studies measured the same effect.')}</p><p>${prose('Others found less of it.')}</p>
      <p>${prose('A third group found none.')}</p></main>${footer}`);
    assert.match(related, /Earlier studies measured/);
  });

  test('the label of a box whose chrome went goes with it', () => {
    const md = markdown(`${chrome}<main><article><h1>Title</h1><p>${prose('The article text.')}</p><p>${prose('It goes on.')}</p></article>
      <div class="box"><div class="h3">Facts, background, dossiers</div>
      <div class="share"><span>Share this on your favourite network</span> <span>Send it to a friend by mail</span> <span>Print a copy</span> <span>Copy the link</span></div></div>
      <p>${prose('A closing note of the page.')}</p></main>${footer}`);
    assert.match(md, /It goes on\./);
    assert.match(md, /A closing note of the page\./);
    assert.doesNotMatch(md, /Share this|Facts, background/);
  });

  test('without landmarks, the block where the prose scores highest is the root when it is a good part of the page', () => {
    const text = [
      'When the river rose in March, the village, which had seen floods before, moved its archive upstairs, box by box, over two nights.',
      'The council, short of money and of hands, asked the school, the church and the football club for help, and all three came.',
      'By the end of the week, after the water had gone down, the archive was dry, the books were counted, and not one was lost.',
      'Historians, who had feared the worst, now want copies made, in case the next flood, or the one after it, comes higher still.',
      'The mayor said the work had cost little, apart from sleep, and that she would ask for help the same way again, without doubt.',
    ];
    const md = markdown(`<div class="top"><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></div>
      <div class="text">${text.map((t) => `<p>${t}</p>`).join('')}</div>
      <div class="blurb"><p>Our village paper has been written by volunteers since the year nineteen hundred and twelve</p>
      <p>Everyone who lives here can write for it and everyone who reads it is asked to pass it on to a neighbour</p>
      <p>The paper is printed once a month in the back room of the bakery on the market square</p></div>
      <div class="bottom"><a href="/imprint">Imprint</a></div>`);
    assert.match(md, /When the river rose in March/);
    assert.match(md, /The mayor said the work had cost little/);
    assert.doesNotMatch(md, /volunteers|back room of the bakery|Imprint/);
  });

  test('a class word that says what a block holds ("has-ads", "with-sidebar") does not make it chrome', () => {
    const sections = ['The first part of the report.', 'The second part of the report.', 'The third part of the report.']
      .map((t) => `<section class="o-section o-section--has-ads"><p>${prose(t)}</p></section>`)
      .join('');
    const md = markdown(`${chrome}<main><article><h1>Title</h1><p>${prose('The opening of the article.')}</p>${sections}
      <div class="ads">Advertisement for something else</div></article></main>${footer}`);
    assert.match(md, /The first part of the report\..*\n\n.*The second part.*\n\n.*The third part/);
    assert.doesNotMatch(md, /Advertisement for something else/);
  });

  test('<article>s inside a box of chrome are its cards, not a listing to keep', () => {
    // The post's lines are short pieces that score as no paragraph; the teasers' lines do.
    const teaser = 'A new post, with sales, deals, dresses, shoes, bags, hats, and more, from brands, shops, and friends, old and new, ';
    const teasers = [1, 2, 3]
      .map((i) => `<li><article class="post_teaser"><h3><a href="/post/${i}">Other post ${i}</a></h3><p>${teaser.repeat(2)}Teaser ${i}.</p></article></li>`)
      .join('');
    const lines = ['Summer is here', 'short dresses are back', 'and earrings show', 'Silver flash for all', 'charms to combine', 'Golden glow on a chain', 'Rose gold goes well', 'with longer earrings'];
    const parts = [1, 2, 3, 4, 5, 6].map((i) => `<div class="part"><h2>Look ${i}</h2>${lines.map((l) => `<span>${l}</span><br>`).join('')}</div>`).join('');
    const md = markdown(`${chrome}<div class="single"><div class="post"><h1>Ear candy</h1>${parts}<div class="shop"><div>Earcuff: Zoeca, hoops: Stella, ring: Lui</div></div></div>
      <div id="related_posts"><h3>Related Posts</h3><ul>${teasers}</ul></div></div>${footer}`);
    assert.match(md, /## Look 1/);
    assert.match(md, /## Look 6\n\nSummer is here/);
    assert.doesNotMatch(md, /Teaser 2/);
  });

  test("a page builder's own block names ('elementor-widget-wrap') do not make its text chrome; what follows the prefix still counts", () => {
    const block = (kind: string, inner: string) =>
      `<div class="elementor-widget-wrap"><div class="elementor-element elementor-widget elementor-widget-${kind}"><div class="elementor-widget-container">${inner}</div></div></div>`;
    const md = markdown(`${chrome}<main><h1>Ear candy</h1>
      ${block('text-editor', `<p>${prose('Summer is here, and short dresses are back.')}</p>`)}
      ${block('text-editor', `<p>${prose('Silver flash, a concept of charms to combine.')}</p>`)}
      ${block('text-editor', `<p>${prose('Golden glow, the same charms on a chain.')}</p>`)}
      ${block('share-buttons', '<span>Share on Facebook</span> <span>Share by mail</span>')}</main>${footer}`);
    assert.match(md, /Summer is here.*\n\n.*Silver flash.*\n\n.*Golden glow/);
    assert.doesNotMatch(md, /Share on Facebook/);
  });

  test("a heading over the next or previous post ('Nächster Beitrag', 'Previous post') opens its teaser, which goes", () => {
    for (const heading of ['Nächster Beitrag', 'Previous post']) {
      const md = markdown(`${chrome}<main><h1>Ear candy</h1><p>${prose('Summer is here, and short dresses are back.')}</p>
        <p>${prose('Silver flash, a concept of charms to combine.')}</p>
        <h3>${heading}</h3><p><a href="/winter">Winter coats</a> The cold is coming, and this is what to wear when it does.</p></main>${footer}`);
      assert.match(md, /Summer is here.*\n\n.*Silver flash/);
      assert.doesNotMatch(md, /Winter coats|The cold is coming/, heading);
    }
  });

  test("a heading that names another site's stories ('Auch auf example.de') opens a section that goes; one naming a place in the text stays", () => {
    const page = (heading: string) =>
      markdown(`${chrome}<main><h1>Ear candy</h1><p>${prose('Summer is here, and short dresses are back.')}</p>
        <p>${prose('Silver flash, a concept of charms to combine.')}</p>
        <h2>${heading}</h2><p><a href="/a">Why the scales do not move: four reasons</a><br><br><a href="/b">Home gym: the perfect workout</a></p></main>${footer}`);
    const other = page('Auch auf example.de');
    assert.match(other, /Summer is here.*\n\n.*Silver flash/);
    assert.doesNotMatch(other, /Auch auf|four reasons|Home gym/);
    assert.match(page('Auch auf Reisen'), /Auch auf Reisen/);
  });

  test("a post marked as promoted to the front page ('node--promoted', Drupal's state) is the article, not a promotion; the teasers beside it go", () => {
    // Three blocks of teasers, each short beside the article but more than it together.
    const teasers = Array.from({ length: 3 }, (_, i) => `<div class="teaser"><h3><a href="/t/${i}">Other news ${i}</a></h3><p>${'What the other story says in its first lines. '.repeat(5)}</p></div>`).join('');
    const related = (n: number) => `<div class="block-related-content-${n}"><h5>More from the newsroom</h5>${teasers}</div>`;
    const md = markdown(`${chrome}<div class="layout-content"><h1>Growth</h1><article class="node node--type-article node--promoted node--view-mode-full">
      <p>${prose('The group reports a turnover of 64 billion.')}</p><p>${prose('Fashion drove the growth.')}</p></article>
      ${related(1)}${related(2)}${related(3)}</div>${footer}`);
    assert.match(md, /64 billion.*\n\n.*Fashion drove/);
    assert.doesNotMatch(md, /Other news|first lines/);
  });

  test('a heading left last once its section went as chrome goes; one whose body went in the middle of the text stays', () => {
    // Each teaser leaves its label once its related box went: more labels than the end's rule reads.
    const links = Array.from({ length: 4 }, (_, i) => `<div class="teaser"><span>Scandinavia</span><div class="article__inline--related"><a href="/tour/${i}">Tour ${i}: the great ski adventure in the north</a> read more</div></div>`).join('');
    const md = markdown(`${chrome}<main><h1>Vanlife in Sweden</h1><p>${prose('The lakes are warm in July.')}</p>
      <h3>Further tours in Sweden</h3>${links}</main>${footer}`);
    assert.match(md, /The lakes are warm/);
    assert.doesNotMatch(md, /Further tours|Tour 2/);
    const middle = markdown(`${chrome}<main><h1>Vanlife in Sweden</h1><p>${prose('The lakes are warm in July.')}</p>
      <h3>Further tours in Sweden</h3>${links}<h3>Where to sleep</h3><p>${prose('Camping is allowed almost everywhere.')}</p></main>${footer}`);
    assert.match(middle, /Further tours in Sweden/);
  });
});

// Leaks inside the article at the level of a line or a part of one (helper Q's rules).
describe('onlyMainContent: credits, bylines and labels inside the article', () => {
  const article = (inside: string) =>
    markdown(`<article><h1>T</h1><p>${prose('First, with clauses.')}</p>${inside}<p>${prose('Second, with more.')}</p></article>`);

  test("a picture's credit at the end of its caption's own text goes, in several forms and languages; the caption stays", () => {
    const md = article(`
      <figure><img src="/a.jpg" alt=""><figcaption>Die Altstadt im Winter. Foto: Jane Doe/dpa</figcaption></figure>
      <figure><img src="/b.jpg" alt=""><figcaption>El puerto al amanecer (REUTERS/John Roe)</figcaption></figure>
      <div class="img"><img src="/c.jpg" alt=""></div><p><small>The harbour at night. (Foto: Privat)</small></p>
      <figure><img src="/d.jpg" alt=""><figcaption>Stau © aremac / Agency</figcaption></figure>
      <figure><img src="/e.jpg" alt=""><figcaption>The square in spring. | © Ann Poe/Getty Images</figcaption></figure>
      <figure><img src="/f.jpg" alt=""><figcaption>Das Hermelin im Winter.
          &nbsp;(mlharing
              / iStock.com)</figcaption></figure>
      <figure><img src="/g.jpg" alt=""><figcaption>Nicht labern, ranklotzen! Foto: Timur | <a href="https://flickr.com/x">flickr</a>| CC BY 2.0</figcaption></figure>
      <figure><img src="/h.jpg" alt=""><figcaption>Paris Haute Couture, Serkan Cura, Bild <a href="https://example.org/x">via</a></figcaption></figure>`);
    for (const caption of ['Die Altstadt im Winter.', 'El puerto al amanecer', 'The harbour at night.', 'Stau', 'The square in spring.', 'Das Hermelin im Winter.', 'Nicht labern, ranklotzen!', 'Paris Haute Couture, Serkan Cura'])
      assert.match(md, new RegExp(caption.replace(/[.!|]/g, '\\$&')));
    assert.doesNotMatch(md, /Jane Doe|REUTERS|John Roe|Privat|aremac|Ann Poe|Getty|iStock|mlharing|Timur|flickr|CC BY|Bild|via\]/);
    assert.match(md, /!\[\]\(https:\/\/example\.com\/g\.jpg\)/); // the picture stays with its caption
  });

  test("a hint to enlarge the picture goes from its caption, the caption's words stay", () => {
    const md = article(`
      <figure><img src="/a.jpg" alt=""><figcaption>Firmen und ihre Verbindungen. Zum Vergrößern auf das Bild klicken. (Stand Juni 2016)</figcaption></figure>
      <figure><img src="/b.jpg" alt=""><figcaption>The harbour at dawn (click to enlarge)</figcaption></figure>
      <figure><img src="/c.jpg" alt=""><figcaption>Die Klickzahlen vergrößerten sich im Mai.</figcaption></figure>`);
    assert.doesNotMatch(md, /Vergrößern|enlarge/);
    assert.match(md, /Firmen und ihre Verbindungen\. \(Stand Juni 2016\)/);
    assert.match(md, /The harbour at dawn/);
    assert.match(md, /Die Klickzahlen vergrößerten sich im Mai\./);
  });

  test("a line of the post's data goes: the date beside the section or a label, the date before the category; a line naming the author with the date, and a sentence, stay", () => {
    const md = article(`<p>2021-10-16 | Botschaft</p><div class="info">24.01.2022 11:38<br>Kategorie: <a href="/news">News</a></div>
      <p><small>Verfasst von: <strong>Jane Doe</strong> | 31. Dezember 2008</small></p>
      <p>On 31. Dezember 2008 the council met | and voted.</p>`);
    assert.doesNotMatch(md, /Botschaft|Kategorie/);
    assert.match(md, /Verfasst von: \*\*Jane Doe\*\* \| 31\. Dezember 2008/);
    assert.match(md, /On 31\. Dezember 2008 the council met/);
  });

  test("labels of the page go: an embed's placeholder, the box about the author, the original article, the sources' toggle, the release date; a sentence with the same words stays", () => {
    const md = article(`<div class="embed"><div class="note">Externer Inhalt</div></div><div class="col">Über den Autor</div>
      <div class="infobox"><strong>Originalartikel:</strong></div><div class="toggle">Quellen ausblenden</div>
      <p><span class="field-label">Release Date:</span></p>
      <p>The original article was longer, and the release date moved.</p>`);
    assert.doesNotMatch(md, /Externer Inhalt|Über den Autor|Originalartikel|Quellen ausblenden|Release Date/);
    assert.match(md, /The original article was longer, and the release date moved\./);
  });

  test('a short line is read as shown: a label indented over many lines of markup still goes', () => {
    const pad = '\n' + ' '.repeat(80);
    const md = article(`<div class="toggle">${pad}Quellen${pad}ausblenden${pad}</div>`);
    assert.doesNotMatch(md, /Quellen/);
  });

  test("a line of the post's data goes when its items are the page's labels ('Comments feed | Comments closed | Trackback'), or a labelled date before the category", () => {
    const md = article(`<p><a href="/feed">Kommentarfeed</a> | Kommentare geschlossen | <a href="/trackback">Trackback-URL</a></p>
      <p>News date : 04/21/2022 &nbsp; Category : <a href="/press">Press Releases</a></p>
      <p>Home | Garden | Kitchen</p>`);
    assert.doesNotMatch(md, /Kommentarfeed|Trackback|News date|Press Releases/);
    assert.match(md, /Home \| Garden \| Kitchen/);
  });

  test('a short paragraph opened by a bold line that opens a chrome section goes with it; a longer paragraph, or one where the words come later, stays', () => {
    const md = article(`<p><strong>Diskutieren Sie mit uns</strong><br>Melden Sie sich an und teilen Sie Ihre Meinung.</p>
      <p>Wir haben <strong>Diskutieren Sie mit</strong> als Motto gewählt, sagte die Leiterin.</p>
      <p><strong>Leave a comment</strong> ${prose('was the name of the exhibition, and it ran for a year.')}</p>`);
    assert.doesNotMatch(md, /Melden Sie sich an/);
    assert.match(md, /als Motto gewählt/);
    assert.match(md, /was the name of the exhibition/);
  });

  test("a line naming the text's source with the date and place it was issued goes; a sentence naming a source stays", () => {
    const md = article(`<p><em>Quelle: Deutscher Jagdverband (DJV), 02. Februar 2022, Berlin</em></p>
      <p>Source: the council's own figures, which the mayor read out at the meeting.</p>`);
    assert.doesNotMatch(md, /Jagdverband/);
    assert.match(md, /Source: the council's own figures/);
  });

  test("the editor's initials and the news agency signed under the text go; a heading naming the agency stays", () => {
    const md = article(`<p>aja/PAP</p><p>(dpa)</p><h2>Reuters</h2><p>dpa/lno</p>`);
    assert.doesNotMatch(md, /aja\/PAP|\(dpa\)|lno/);
    assert.match(md, /## Reuters/);
  });

  test("a heading over the next story's teaser goes with it, and an advertisement's line opened by its label; a sentence opened by the word stays", () => {
    const md = article(`<h2>Der nächste Beitrag</h2><p>${prose('A teaser of another story.')}</p><h2>The vote</h2><p>${prose('It passed.')}</p>
      <p><b>ANZEIGE - Heute mal ausgehen? Wie wäre es mit:</b></p><p>Werbung - so nennt der Verband den Plan.</p>`);
    assert.doesNotMatch(md, /nächste Beitrag|teaser of another|ANZEIGE/);
    assert.match(md, /## The vote/);
    assert.match(md, /Werbung - so nennt der Verband den Plan\./);
  });

  test("a line counting a forum's readers goes; a sentence about members and guests stays", () => {
    const md = article(`<p>Mitglieder in diesem Forum: 0 Mitglieder und 2 Gäste</p><p>Online: 3 members and 12 guests</p>
      <p>12 members and 3 guests came to the party.</p>`);
    assert.doesNotMatch(md, /Mitglieder in diesem Forum|Online: 3/);
    assert.match(md, /12 members and 3 guests came to the party\./);
  });

  test('the reading time at the end of a by-line goes; the by-line and its date stay, and a sentence about minutes', () => {
    const md = article(`<p class="small">By <a href="/author/jane">Jane Roe</a> Feb 8, 2020  5 min read</p><p>The talk took 5 min. Read on.</p>`);
    assert.match(md, /By \[Jane Roe\]\(https:\/\/example\.com\/author\/jane\) Feb 8, 2020/);
    assert.doesNotMatch(md, /min read/);
    assert.match(md, /The talk took 5 min\. Read on\./);
  });

  test('words that only look like a credit stay: the word copyright in a sentence, an item (c) of a list, a picture named in a sentence', () => {
    const sentences = [
      'Creative Commons sits between the old copyright and the public domain. Copyright (all rights reserved) still applies.',
      'The law names three cases: (a) theft, (b) fraud and (c) Extortion by a public official.',
      'Was zeigt das Bild: Ein Mann mit Hut auf einer Bank am See',
    ];
    const md = article(sentences.map((s) => `<p>${s}</p>`).join(''));
    for (const s of sentences) assert.match(md, new RegExp(s.replace(/[.()]/g, '\\$&')));
  });
});
