import { interactRequest, scrapeRequest } from '../api/index.js';
import { getScrapeHandler, scrapeHandler } from './handlers.js';
import { interactHandler, stopInteractionHandler } from '../browser-sessions/handlers/interact.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';
import type { SessionDeps } from '../browser-sessions/handlers/sessions.js';
import type { Scraper } from './scraper.js';

export function scrapeRoutes(deps: SessionDeps & { scraper: Scraper }): RouteSpec[] {
  return defineRoutes(
    {
      method: 'POST',
      url: '/v2/scrape',
      operationId: 'scrape',
      summary: 'Scrape one URL',
      tag: 'Scrape',
      rateClass: 'scrape',
      body: scrapeRequest,
      creditsRequired: () => 1,
      handler: (ctx) => scrapeHandler(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/scrape/:jobId',
      operationId: 'getScrape',
      summary: 'Fetch a past scrape result',
      tag: 'Scrape',
      rateClass: 'crawlStatus',
      handler: (ctx) => getScrapeHandler(deps, ctx),
    },
    {
      method: 'POST',
      url: '/v2/scrape/:jobId/interact',
      operationId: 'interact',
      summary: 'Act on a scraped page in a live browser',
      tag: 'Interact',
      rateClass: 'scrape',
      body: interactRequest,
      creditsRequired: () => 1,
      feature: 'Interact',
      handler: (ctx) => interactHandler(deps, ctx),
    },
    {
      method: 'DELETE',
      url: '/v2/scrape/:jobId/interact',
      operationId: 'stopInteraction',
      summary: 'Stop the browser session of a scrape',
      tag: 'Interact',
      rateClass: 'scrape',
      feature: 'Interact',
      handler: (ctx) => stopInteractionHandler(deps, ctx),
    },
  );
}
