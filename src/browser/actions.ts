import type { Page } from 'playwright-core';
import type { Deadline } from './deadline.js';
import { BrowserError } from './errors.js';
import { takeScreenshot } from './screenshot.js';
import type { ActionResults, BrowserAction, JavascriptReturn } from './types.js';

/**
 * How long a click waits for its element to become clickable. Bounded below the render's
 * budget so a wrong selector fails as that action, naming it, instead of as a timeout of
 * the whole scrape; a `wait` action with a selector is the way to wait longer.
 */
const ELEMENT_WAIT_MS = 10_000;

export interface ActionContext {
  page: Page;
  deadline: Deadline;
  results: ActionResults;
  warnings: string[];
}

function scrollScript(direction: 'up' | 'down', selector: string | undefined): string {
  const sign = direction === 'up' ? -1 : 1;
  if (selector === undefined) return `window.scrollBy(0, ${sign} * window.innerHeight)`;
  return `(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) throw new Error('no element matches ' + ${JSON.stringify(JSON.stringify(selector))});
    element.scrollBy(0, ${sign} * (element.clientHeight || window.innerHeight));
  })()`;
}

/**
 * Runs the caller's script the way a console would: its completion value is the result
 * (`document.title`), and a top-level `return` is allowed too (`return document.title`),
 * since both forms are common in the wild. Promises are awaited.
 */
async function executeJavascript(page: Page, script: string): Promise<JavascriptReturn> {
  let handle;
  try {
    handle = await page.evaluateHandle(script);
  } catch (err) {
    if (!/Illegal return statement/.test((err as Error).message)) throw err;
    handle = await page.evaluateHandle(`(async () => {\n${script}\n})()`);
  }
  try {
    const type = (await handle.evaluate((value: unknown) => typeof value)) as string;
    const value = type === 'function' || type === 'symbol' || type === 'undefined' ? undefined : await handle.jsonValue();
    return { type, value };
  } finally {
    await handle.dispose().catch(() => undefined);
  }
}

async function runAction(action: BrowserAction, ctx: ActionContext): Promise<void> {
  const { page, deadline, results } = ctx;
  switch (action.type) {
    case 'wait':
      if (action.selector !== undefined) await page.waitForSelector(action.selector, { timeout: deadline.remaining() });
      else await page.waitForTimeout(Math.min(action.milliseconds ?? 0, deadline.remaining()));
      return;
    case 'click':
      if (action.all) {
        // Every match includes hidden twins (mobile and desktop menus) that a real click would
        // wait on until the deadline; a DOM click reaches them all and tolerates none.
        await page.locator(action.selector).evaluateAll((elements) => {
          for (const element of elements as { click(): void }[]) element.click();
        });
      } else {
        await page.locator(action.selector).first().click({ timeout: Math.min(ELEMENT_WAIT_MS, deadline.remaining()) });
      }
      return;
    case 'write':
      await page.keyboard.type(action.text);
      return;
    case 'press':
      await page.keyboard.press(action.key);
      return;
    case 'scroll':
      await page.evaluate(scrollScript(action.direction ?? 'down', action.selector));
      return;
    case 'screenshot': {
      const shot = await takeScreenshot(page, action, deadline.remaining());
      results.screenshots.push(shot.capture);
      if (shot.warning) ctx.warnings.push(shot.warning);
      return;
    }
    case 'scrape':
      results.scrapes.push({ url: page.url(), html: await page.content() });
      return;
    case 'executeJavascript':
      results.javascriptReturns.push(await executeJavascript(page, action.script));
      return;
    case 'pdf': {
      const data = await page.pdf({
        format: action.format ?? 'Letter',
        landscape: action.landscape ?? false,
        scale: action.scale ?? 1,
        printBackground: true,
      });
      results.pdfs.push({ data, mimeType: 'application/pdf' });
      return;
    }
  }
}

/** Runs the actions in order; the first failure stops the run and names its action. */
export async function runActions(actions: readonly BrowserAction[], ctx: ActionContext): Promise<void> {
  for (const [index, action] of actions.entries()) {
    try {
      await runAction(action, ctx);
    } catch (err) {
      const reason = (err as Error)?.message?.split('\n')[0] ?? String(err);
      throw new BrowserError('BROWSER_ACTION', `action ${index} (${action.type}) failed: ${reason}`, {
        actionIndex: index,
        actionType: action.type,
        url: ctx.page.url(),
        cause: err,
      });
    }
  }
}
