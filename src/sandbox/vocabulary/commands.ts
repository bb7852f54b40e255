import type { Page } from 'playwright-core';
import { EGRESS_ERROR_HEADER } from '../../browser/egress-proxy.js';
import { transformHtml } from '../../scrape/transform/index.js';

export interface CommandContext {
  page: Page;
  /** Milliseconds left of the run; every Playwright call is bounded by it. */
  remaining(): number;
}

export interface CommandSpec {
  usage: string;
  summary: string;
  minArgs: number;
  /** `Infinity`: the words after the fixed ones are joined with spaces (`click nav > a`). */
  maxArgs: number;
  /** Returns what the command prints; a throw is the command failing. */
  run(ctx: CommandContext, args: string[]): Promise<string>;
}

/** A command's failure as the caller should read it, without Playwright's call log. */
export class CommandError extends Error {
  override name = 'CommandError';
}

/** How long to wait for an element before an action on it fails, within the run's time. */
const ELEMENT_WAIT_MS = 10_000;

const elementTimeout = (ctx: CommandContext): number => Math.max(1, Math.min(ELEMENT_WAIT_MS, ctx.remaining()));
const restJoined = (args: string[], from: number): string => args.slice(from).join(' ');

function printable(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

/** A completion value (`document.title`) or a body with `return`, as the console takes it. */
async function evaluate(page: Page, script: string): Promise<unknown> {
  try {
    return await page.evaluate(script);
  } catch (err) {
    if (!/Illegal return statement/.test((err as Error).message)) throw err;
    return page.evaluate(`(async () => {\n${script}\n})()`);
  }
}

const COMMAND_LIST: [string, CommandSpec][] = [
  [
    'open',
    {
      usage: 'open URL',
      summary: 'load URL in the page (http and https only) and print where it landed',
      minArgs: 1,
      maxArgs: 1,
      async run({ page, remaining }, [url]) {
        // This page is driven over Trawl's own connection, which the DevTools guard does not
        // sit on: a file: or chrome: URL would read the server's files.
        let target: URL;
        try {
          target = new URL(url!);
        } catch {
          throw new CommandError(`${JSON.stringify(url)} is not an absolute URL (e.g. https://example.com/)`);
        }
        if (target.protocol !== 'http:' && target.protocol !== 'https:') {
          throw new CommandError(`only http and https URLs can be opened, not ${target.protocol}`);
        }
        const response = await page.goto(target.href, { timeout: remaining(), waitUntil: 'load' });
        const refused = response?.headers()[EGRESS_ERROR_HEADER];
        if (response && refused) {
          throw new CommandError(`${url} was refused (${refused}): ${(await response.text()).trim()}`);
        }
        return `${page.url()}${response ? ` (${response.status()})` : ''}`;
      },
    },
  ],
  [
    'click',
    {
      usage: 'click SELECTOR',
      summary: 'click the first element matching the CSS (or Playwright) selector',
      minArgs: 1,
      maxArgs: Infinity,
      async run(ctx, args) {
        await ctx.page.locator(restJoined(args, 0)).first().click({ timeout: elementTimeout(ctx) });
        return '';
      },
    },
  ],
  [
    'fill',
    {
      usage: 'fill SELECTOR TEXT',
      summary: 'replace the value of an input or textarea with TEXT',
      minArgs: 2,
      maxArgs: 2,
      async run(ctx, [selector, text]) {
        await ctx.page.locator(selector!).first().fill(text!, { timeout: elementTimeout(ctx) });
        return '';
      },
    },
  ],
  [
    'type',
    {
      usage: 'type SELECTOR TEXT',
      summary: 'focus the element and type TEXT key by key (appends to what is there)',
      minArgs: 2,
      maxArgs: 2,
      async run(ctx, [selector, text]) {
        await ctx.page.locator(selector!).first().pressSequentially(text!, { timeout: elementTimeout(ctx) });
        return '';
      },
    },
  ],
  [
    'press',
    {
      usage: 'press KEY',
      summary: 'press a key in the focused element: Enter, Tab, ArrowDown, Control+A…',
      minArgs: 1,
      maxArgs: 1,
      async run({ page }, [key]) {
        await page.keyboard.press(key!);
        return '';
      },
    },
  ],
  [
    'wait',
    {
      usage: 'wait MS|SELECTOR',
      summary: 'wait MS milliseconds, or until an element matching SELECTOR is visible',
      minArgs: 1,
      maxArgs: Infinity,
      async run(ctx, args) {
        const target = restJoined(args, 0);
        if (/^\d+$/.test(target)) {
          // Not bounded by the time left: waiting longer than the run may is the run's time limit.
          await ctx.page.waitForTimeout(Number(target));
        } else {
          await ctx.page.locator(target).first().waitFor({ state: 'visible', timeout: ctx.remaining() });
        }
        return '';
      },
    },
  ],
  [
    'scroll',
    {
      usage: 'scroll [up|down]',
      summary: 'scroll the page by one screen (default down)',
      minArgs: 0,
      maxArgs: 1,
      async run({ page }, [direction = 'down']) {
        if (direction !== 'up' && direction !== 'down') throw new CommandError(`scroll takes up or down, not ${JSON.stringify(direction)}`);
        await page.evaluate(`window.scrollBy(0, ${direction === 'up' ? -1 : 1} * window.innerHeight)`);
        return '';
      },
    },
  ],
  [
    'back',
    {
      usage: 'back',
      summary: 'go back in the page history',
      minArgs: 0,
      maxArgs: 0,
      async run({ page, remaining }) {
        await page.goBack({ timeout: remaining() });
        return page.url();
      },
    },
  ],
  [
    'reload',
    {
      usage: 'reload',
      summary: 'reload the page',
      minArgs: 0,
      maxArgs: 0,
      async run({ page, remaining }) {
        await page.reload({ timeout: remaining() });
        return page.url();
      },
    },
  ],
  [
    'snapshot',
    {
      usage: 'snapshot',
      summary: "the page's URL, title and accessibility tree (roles, names, text) as YAML",
      minArgs: 0,
      maxArgs: 0,
      async run({ page, remaining }) {
        const tree = await page.locator('body').ariaSnapshot({ timeout: remaining() });
        return `url: ${page.url()}\ntitle: ${JSON.stringify(await page.title())}\n${tree}`;
      },
    },
  ],
  [
    'text',
    {
      usage: 'text [SELECTOR]',
      summary: 'the visible text of the first element matching SELECTOR (default: the whole page)',
      minArgs: 0,
      maxArgs: Infinity,
      async run(ctx, args) {
        return ctx.page.locator(args.length > 0 ? restJoined(args, 0) : 'body').first().innerText({ timeout: elementTimeout(ctx) });
      },
    },
  ],
  [
    'scrape',
    {
      usage: 'scrape [--main]',
      summary: 'the page as markdown, as a scrape would give it; --main keeps only the main content',
      minArgs: 0,
      maxArgs: 1,
      async run({ page }, args) {
        if (args.length > 0 && args[0] !== '--main') throw new CommandError(`unknown option ${JSON.stringify(args[0])} (scrape takes --main)`);
        const { markdown } = transformHtml({
          html: await page.content(),
          url: page.url(),
          formats: new Set(['markdown']),
          onlyMainContent: args[0] === '--main',
          removeBase64Images: true,
        });
        return markdown ?? '';
      },
    },
  ],
  [
    'screenshot',
    {
      usage: 'screenshot [--full]',
      summary: 'a PNG of the viewport (--full: the whole page), printed as a data: URL',
      minArgs: 0,
      maxArgs: 1,
      async run({ page, remaining }, args) {
        if (args.length > 0 && args[0] !== '--full') throw new CommandError(`unknown option ${JSON.stringify(args[0])} (screenshot takes --full)`);
        const png = await page.screenshot({ type: 'png', fullPage: args[0] === '--full', timeout: remaining() });
        return `data:image/png;base64,${png.toString('base64')}`;
      },
    },
  ],
  [
    'eval',
    {
      usage: 'eval JS',
      summary: 'run JavaScript in the page and print its value (strings as they are, the rest as JSON)',
      minArgs: 1,
      maxArgs: Infinity,
      async run({ page }, args) {
        return printable(await evaluate(page, restJoined(args, 0)));
      },
    },
  ],
  [
    'url',
    {
      usage: 'url',
      summary: "the page's current URL",
      minArgs: 0,
      maxArgs: 0,
      async run({ page }) {
        return page.url();
      },
    },
  ],
  [
    'title',
    {
      usage: 'title',
      summary: "the page's title",
      minArgs: 0,
      maxArgs: 0,
      async run({ page }) {
        return page.title();
      },
    },
  ],
  [
    'help',
    {
      usage: 'help',
      summary: 'this list',
      minArgs: 0,
      maxArgs: 0,
      async run() {
        return helpText();
      },
    },
  ],
];

export const COMMANDS: ReadonlyMap<string, CommandSpec> = new Map(COMMAND_LIST);

export function helpText(): string {
  const width = Math.max(...COMMAND_LIST.map(([, spec]) => spec.usage.length));
  return COMMAND_LIST.map(([, spec]) => `${spec.usage.padEnd(width)}  ${spec.summary}`).join('\n');
}
