import { interactRequest, scrapeRequest } from '../../api/index.js';
import { getScrapeHandler, scrapeHandler } from '../../scrape/handlers.js';
import { interactHandler, stopInteractionHandler } from '../../sessions/interact.js';
import { defineRoutes } from '../route.js';

export const scrapeRoutes = defineRoutes(
  {
    method: 'POST',
    url: '/v2/scrape',
    operationId: 'scrape',
    summary: 'Scrape one URL',
    tag: 'Scrape',
    rateClass: 'scrape',
    body: scrapeRequest,
    creditsRequired: () => 1,
    handler: scrapeHandler,
  },
  {
    method: 'GET',
    url: '/v2/scrape/:jobId',
    operationId: 'getScrape',
    summary: 'Fetch a past scrape result',
    tag: 'Scrape',
    rateClass: 'crawlStatus',
    handler: getScrapeHandler,
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
    handler: interactHandler,
  },
  {
    method: 'DELETE',
    url: '/v2/scrape/:jobId/interact',
    operationId: 'stopInteraction',
    summary: 'Stop the browser session of a scrape',
    tag: 'Interact',
    rateClass: 'scrape',
    feature: 'Interact',
    handler: stopInteractionHandler,
  },
);
