'use strict';
/**
 * The sandbox child's entry point. argv: CDP endpoint, the fd of an inherited connection
 * to it (empty: connect over TCP; see guard.cjs), CDP target id of the session's current
 * page (may be empty), path of playwright-core's entry, cap on `output` in characters.
 * The caller's code comes on stdin; the result goes to fd 3 as one JSON line, so the
 * code's own stdout stays its own.
 */
require('./guard.cjs');

const fs = require('node:fs');

const [, , cdpEndpoint, , targetId, playwrightEntry, outputCap] = process.argv;
const OUTPUT_CAP = Number(outputCap);
const RESULT_FD = 3;
const CONNECT_TIMEOUT_MS = 15_000;

// Kept before the caller's code runs, which may replace them.
const exit = process.exit.bind(process);
const writers = [process.stdout, process.stderr].map((stream) => stream.write.bind(stream));

/** Exiting with writes still queued for a full pipe would lose the end of the output. */
async function flushAndExit(code) {
  await Promise.all(writers.map((write) => new Promise((resolve) => write('', resolve))));
  exit(code);
}

function report(message) {
  fs.writeSync(RESULT_FD, `${JSON.stringify(message)}\n`);
}

/** The error and the stack frames of the caller's code; frames inside Trawl's files say nothing useful. */
function errorText(err) {
  if (err instanceof Error) {
    const frames = String(err.stack ?? '')
      .split('\n')
      .map((line) => line.replace(/eval at .*?, (<anonymous>)/, '$1'))
      .filter((line) => /^\s+at /.test(line) && !/[(\s]\/|node:internal/.test(line));
    return [`${err.name}: ${err.message}`, ...frames].join('\n');
  }
  return `Uncaught ${typeof err === 'string' ? err : JSON.stringify(err) ?? String(err)}`;
}

/** Strings come back as they are (a title, a line of text); anything else as JSON. */
function textOf(value) {
  if (value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  try {
    const json = JSON.stringify(value);
    if (json !== undefined) return { text: json };
  } catch (err) {
    return { text: String(value), warning: `the return value is not JSON-serialisable (${err.message}); sent as text` };
  }
  return { text: String(value) };
}

function serialize(value) {
  const { text, warning } = textOf(value);
  const truncated = text.length > OUTPUT_CAP;
  return { output: truncated ? text.slice(0, OUTPUT_CAP) : text, truncated, ...(warning && { warning }) };
}

async function currentPage(browser) {
  const contexts = browser.contexts();
  if (targetId) {
    for (const context of contexts) {
      for (const page of context.pages()) {
        const cdp = await context.newCDPSession(page);
        try {
          const { targetInfo } = await cdp.send('Target.getTargetInfo');
          if (targetInfo.targetId === targetId) return { context, page };
        } finally {
          await cdp.detach().catch(() => undefined);
        }
      }
    }
  }
  const context = contexts.find((c) => c.pages().length > 0) ?? contexts[0];
  if (!context) throw new Error('the browser session has no context to run in');
  return { context, page: context.pages().at(-1) ?? (await context.newPage()) };
}

async function main() {
  const code = fs.readFileSync(0, 'utf8');
  const AsyncFunction = (async () => undefined).constructor;
  let body;
  try {
    // A function built from a string sees only the globals, none of this module's
    // variables; the code runs as its body, so `await` and `return` work at the top level.
    body = new AsyncFunction('page', 'context', 'browser', code);
  } catch (err) {
    report({ ok: false, error: errorText(err) });
    return 1;
  }
  const { chromium } = require(playwrightEntry);
  let browser;
  try {
    browser = await chromium.connectOverCDP(cdpEndpoint, { timeout: CONNECT_TIMEOUT_MS });
  } catch (err) {
    report({ ok: false, error: `could not connect to the browser session: ${err.message.split('\n')[0]}` });
    return 1;
  }
  const { context, page } = await currentPage(browser);
  try {
    const value = await body(page, context, browser);
    report({ ok: true, ...serialize(value) });
    return 0;
  } catch (err) {
    report({ ok: false, error: errorText(err) });
    return 1;
  }
}

main().then(flushAndExit, (err) => {
  report({ ok: false, error: errorText(err) });
  return flushAndExit(1);
});
