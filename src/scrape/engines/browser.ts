import type { BrowserAction, BrowserEngine, RenderRequest } from '../../browser/index.js';
import type { FetchedPage } from './page.js';

export type BrowserFetch = Omit<RenderRequest, 'actions'> & { actions?: BrowserAction[] };

/** The expensive engine: Chromium renders the page and runs the actions. */
export async function fetchInBrowser(browser: BrowserEngine, req: BrowserFetch): Promise<FetchedPage> {
  const r = await browser.render(req);
  return {
    engine: 'browser',
    url: r.url,
    status: r.status,
    headers: r.headers,
    contentType: r.contentType,
    html: r.html,
    ...(r.screenshot && { screenshot: r.screenshot }),
    actions: r.actions,
    warnings: r.warnings,
  };
}
