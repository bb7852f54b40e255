export { findChromium, CHROMIUM_PATH_ENV } from './chromium.js';
export type { FindChromiumOptions } from './chromium.js';
export { createBrowserEngine } from './engine.js';
export type { BrowserEngine, BrowserEngineOptions, BrowserEngineStats } from './engine.js';
export { BrowserError, isBrowserError } from './errors.js';
export type { BrowserErrorCode, BrowserErrorDetails } from './errors.js';
export { looksScriptRendered, shellSignals } from './needs-browser.js';
export type { ShellSignals } from './needs-browser.js';
export { MAX_CAPTURE_PX } from './screenshot.js';
export type {
  ActionResults,
  BrowserAction,
  Capture,
  JavascriptReturn,
  PdfFormat,
  RenderLocation,
  RenderRequest,
  RenderResult,
  ScreenshotOptions,
  Viewport,
} from './types.js';
