import { Parser } from 'htmlparser2';

/**
 * Whether HTML fetched over plain HTTP is probably an empty shell that scripts fill in, so
 * the scrape waterfall should render it in the browser. Cheap (one streaming pass, no DOM)
 * and deliberately conservative: a page with real text is kept even if it has scripts.
 */

/** Below this much visible text, a page with scripts is taken for a shell. */
const SHELL_TEXT_CHARS = 200;
/** With an empty app mount point or a "needs JavaScript" notice, up to this much. */
const MARKED_SHELL_TEXT_CHARS = 1_000;

const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg']);
const MOUNT_IDS = new Set(['root', 'app', '__next', '__nuxt', 'svelte', 'main-app', 'ember-application']);
const NEEDS_JS = /enable javascript|javascript (is )?(required|disabled)|requires javascript|turn on javascript/i;

export interface ShellSignals {
  visibleTextChars: number;
  scripts: number;
  /** An element like `<div id="root"></div>` with no content of its own. */
  emptyMountPoint: boolean;
  /** A `<noscript>` that asks for JavaScript. */
  noscriptNotice: boolean;
}

export function shellSignals(html: string): ShellSignals {
  const signals: ShellSignals = { visibleTextChars: 0, scripts: 0, emptyMountPoint: false, noscriptNotice: false };
  const open: string[] = [];
  let hidden = 0;
  let noscriptText = '';
  // Mount points still open, each with the visible-text count when it opened.
  const mounts: { depth: number; textAtOpen: number; children: number }[] = [];

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script') signals.scripts++;
        const mount = mounts[mounts.length - 1];
        if (mount && hidden === 0 && !INVISIBLE.has(name)) mount.children++;
        open.push(name);
        if (INVISIBLE.has(name)) hidden++;
        if (hidden === 0 && attributes.id !== undefined && MOUNT_IDS.has(attributes.id)) {
          mounts.push({ depth: open.length, textAtOpen: signals.visibleTextChars, children: 0 });
        }
      },
      ontext(text) {
        if (open.includes('noscript')) noscriptText += text;
        if (hidden > 0) return;
        signals.visibleTextChars += text.replace(/\s+/g, ' ').trim().length;
      },
      onclosetag(name) {
        const mount = mounts[mounts.length - 1];
        if (mount && mount.depth === open.length) {
          mounts.pop();
          if (mount.children === 0 && signals.visibleTextChars === mount.textAtOpen) signals.emptyMountPoint = true;
        }
        open.pop();
        if (INVISIBLE.has(name)) hidden--;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  signals.noscriptNotice = NEEDS_JS.test(noscriptText);
  return signals;
}

export function looksScriptRendered(html: string): boolean {
  // Without the text of a script tag there is none to count, and the answer is no: the
  // parse below is skipped (it was ~5% of a crawl's CPU on pages without scripts).
  if (!/<script/i.test(html)) return false;
  const s = shellSignals(html);
  if (s.scripts === 0) return false;
  if (s.visibleTextChars < SHELL_TEXT_CHARS) return true;
  return (s.emptyMountPoint || s.noscriptNotice) && s.visibleTextChars < MARKED_SHELL_TEXT_CHARS;
}
