import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { looksScriptRendered, shellSignals } from '../../src/browser/needs-browser.js';

const article = `<p>${'Plain server-rendered prose about crawling the web. '.repeat(12)}</p>`;

describe('looksScriptRendered', () => {
  it('flags an empty app shell', () => {
    const html = '<!doctype html><html><head><title>App</title><script src="/main.js"></script></head><body><div id="root"></div></body></html>';
    assert.equal(looksScriptRendered(html), true);
  });

  it('flags a page with scripts and almost no visible text', () => {
    assert.equal(looksScriptRendered('<body><header>Acme</header><main></main><script>render()</script></body>'), true);
  });

  it('keeps server-rendered pages, scripts or not', () => {
    assert.equal(looksScriptRendered(`<body>${article}<script src="analytics.js"></script></body>`), false);
    assert.equal(looksScriptRendered(`<body>${article}</body>`), false);
  });

  it('never asks for a browser when there are no scripts', () => {
    assert.equal(looksScriptRendered('<body><div id="root"></div></body>'), false);
    assert.equal(looksScriptRendered(''), false);
  });

  it('flags a mid-sized shell with an empty mount point or a "needs JavaScript" notice', () => {
    const chrome = `<nav>${'<a href="#">Menu entry</a> '.repeat(20)}</nav>`;
    assert.equal(looksScriptRendered(`<body>${chrome}<div id="__next"></div><script src="x.js"></script></body>`), true);
    assert.equal(
      looksScriptRendered(`<body>${chrome}<noscript>You need to enable JavaScript to run this app.</noscript><script src="x.js"></script></body>`),
      true,
    );
    assert.equal(looksScriptRendered(`<body>${chrome}<script src="x.js"></script></body>`), false);
  });

  it('does not count script, style, template or noscript text as visible', () => {
    const s = shellSignals(
      `<head><style>${'p{color:red}'.repeat(50)}</style></head><body><script>${'var a=1;'.repeat(100)}</script>` +
        `<template>${'hidden '.repeat(100)}</template><noscript>${'enable javascript '.repeat(20)}</noscript><p>Hi there</p></body>`,
    );
    assert.equal(s.visibleTextChars, 'Hi there'.length);
    assert.equal(s.scripts, 1);
    assert.equal(s.noscriptNotice, true);
  });

  it('sees a mount point that has content as not empty', () => {
    const s = shellSignals('<div id="root"><h1>Rendered on the server</h1></div><script></script>');
    assert.equal(s.emptyMountPoint, false);
    assert.equal(shellSignals('<div id="app">  </div>').emptyMountPoint, true);
  });
});
