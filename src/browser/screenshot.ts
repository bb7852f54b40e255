import type { Page } from 'playwright-core';
import type { Capture, ScreenshotOptions } from './types.js';

/**
 * Tallest image, in device pixels, that a full-page capture produces. Chromium refuses some
 * very tall captures outright (dependencies §1), capture time grows with height (60 000 px
 * took ~5 s, 140 000 px ~20 s here), and common decoders stop at 16 384 px (WebP's limit).
 */
export const MAX_CAPTURE_PX = 16_384;

export interface Screenshot {
  capture: Capture;
  /** Set when the capture was cut to MAX_CAPTURE_PX. */
  warning?: string;
}

interface PageSize {
  width: number;
  height: number;
  dpr: number;
}

const PAGE_SIZE_SCRIPT = `(() => {
  const root = document.documentElement;
  const body = document.body;
  return {
    width: Math.max(root ? root.scrollWidth : 0, body ? body.scrollWidth : 0, innerWidth),
    height: Math.max(root ? root.scrollHeight : 0, body ? body.scrollHeight : 0, innerHeight),
    dpr: devicePixelRatio || 1,
  };
})()`;

export async function takeScreenshot(page: Page, options: ScreenshotOptions, timeoutMs: number): Promise<Screenshot> {
  const previousViewport = page.viewportSize();
  if (options.viewport) await page.setViewportSize(options.viewport);
  try {
    const format =
      options.quality === undefined
        ? ({ type: 'png' } as const)
        : ({ type: 'jpeg', quality: Math.min(100, Math.max(1, Math.round(options.quality))) } as const);
    let warning: string | undefined;
    let clip: { x: number; y: number; width: number; height: number } | undefined;
    if (options.fullPage) {
      const size = (await page.evaluate(PAGE_SIZE_SCRIPT)) as PageSize;
      const maxCss = Math.floor(MAX_CAPTURE_PX / size.dpr);
      if (size.height > maxCss || size.width > maxCss) {
        clip = { x: 0, y: 0, width: Math.min(size.width, maxCss), height: Math.min(size.height, maxCss) };
        warning = `full-page screenshot cut to ${clip.width}×${clip.height} CSS px of ${size.width}×${size.height}`;
      }
    }
    const data = await page.screenshot({ ...format, fullPage: options.fullPage === true, timeout: timeoutMs, ...(clip ? { clip } : {}) });
    return { capture: { data, mimeType: format.type === 'png' ? 'image/png' : 'image/jpeg' }, ...(warning ? { warning } : {}) };
  } finally {
    if (options.viewport && previousViewport) await page.setViewportSize(previousViewport);
  }
}
