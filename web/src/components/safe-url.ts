/**
 * Scraped pages name URLs of any scheme; only web URLs become links, so a
 * `javascript:` link found on a page can never run in the dashboard.
 */
export function safeHref(url: unknown): string | undefined {
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : undefined;
}

/** Screenshots come as web URLs, as paths on this server (/files), or inline as data:image. */
export function safeImageSrc(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  return /^(https?:\/\/|\/(?!\/)|data:image\/(png|jpeg|webp|gif);)/i.test(url) ? url : undefined;
}
