import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { WebSocket } from 'ws';

// A viewer this far behind skips frames until it has caught up; a live view wants the newest.
const MAX_VIEWER_BACKLOG_BYTES = 4 * 1024 * 1024;
const SCREENCAST = { format: 'jpeg', quality: 60, maxWidth: 1280, maxHeight: 1280, everyNthFrame: 1 } as const;

interface Frame {
  data: string;
  sessionId: number;
  /** The page's size in CSS pixels, which input positions are scaled to. */
  metadata: { deviceWidth: number; deviceHeight: number };
}

/**
 * What an interactive viewer sends, as JSON text messages. Positions are
 * fractions of the frame (0–1), so any display size maps onto the page.
 */
type ViewerInput =
  | { type: 'click'; x: number; y: number }
  | { type: 'scroll'; x: number; y: number; deltaY: number }
  | { type: 'text'; text: string }
  | { type: 'key'; key: string };

/** Keys a viewer may press besides typing text, with what CDP needs to act them out. */
const KEYS: Record<string, { key: string; code: string; windowsVirtualKeyCode: number; text?: string }> = {
  Enter: { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' },
  Backspace: { key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 },
  Tab: { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 },
  Escape: { key: 'Escape', code: 'Escape', windowsVirtualKeyCode: 27 },
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', windowsVirtualKeyCode: 37 },
  ArrowUp: { key: 'ArrowUp', code: 'ArrowUp', windowsVirtualKeyCode: 38 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', windowsVirtualKeyCode: 39 },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', windowsVirtualKeyCode: 40 },
};

/** Longest text one message may type. */
const MAX_TYPED = 1_000;

const fraction = (n: unknown) => Math.min(1, Math.max(0, Number(n) || 0));

/**
 * Streams what a session's current page shows to live-view sockets: CDP screencast frames
 * (JPEG) sent as binary messages. The screencast runs only while someone watches, follows
 * the newest page, and a viewer that joins late gets the last frame at once.
 */
export class LiveView {
  private readonly viewers = new Set<WebSocket>();
  private cdp: CDPSession | undefined;
  private watched: Page | undefined;
  private last: Buffer | undefined;
  private size: { width: number; height: number } | undefined;
  private switching: Promise<void> = Promise.resolve();
  private readonly onPage = (page: Page) => this.follow(page);

  constructor(private readonly context: BrowserContext, private readonly currentPage: () => Promise<Page>) {}

  /** Adds a viewer; an interactive one's messages act on the page (clicks, scrolling, typing). */
  add(ws: WebSocket, opts: { interactive?: boolean } = {}): void {
    this.viewers.add(ws);
    if (opts.interactive) {
      ws.on('message', (data, isBinary) => {
        if (!isBinary) void this.input(String(data)).catch(() => undefined);
      });
    }
    ws.on('close', () => this.remove(ws));
    ws.on('error', () => this.remove(ws));
    if (this.last) ws.send(this.last, { binary: true });
    if (this.viewers.size === 1) {
      this.context.on('page', this.onPage);
      void this.currentPage().then((page) => this.follow(page), () => undefined);
    }
  }

  /** Ends every viewer's stream (the session ended). */
  close(): void {
    for (const ws of this.viewers) ws.close(1001, 'The browser session ended');
    this.viewers.clear();
    this.stop();
  }

  private remove(ws: WebSocket): void {
    if (!this.viewers.delete(ws) || this.viewers.size > 0) return;
    this.stop();
  }

  private stop(): void {
    this.context.off('page', this.onPage);
    this.follow(undefined);
  }

  private follow(page: Page | undefined): void {
    this.switching = this.switching.then(() => this.switchTo(page)).catch(() => undefined);
  }

  private async switchTo(page: Page | undefined): Promise<void> {
    if (page === this.watched) return;
    const previous = this.cdp;
    this.cdp = undefined;
    this.watched = undefined;
    await previous?.detach().catch(() => undefined);
    if (!page || page.isClosed() || this.viewers.size === 0) return;
    const cdp = await page.context().newCDPSession(page);
    this.cdp = cdp;
    this.watched = page;
    cdp.on('Page.screencastFrame', (frame: Frame) => {
      this.size = { width: frame.metadata.deviceWidth, height: frame.metadata.deviceHeight };
      void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
      this.broadcast(Buffer.from(frame.data, 'base64'));
    });
    page.once('close', () => {
      if (this.watched === page) void this.currentPage().then((next) => this.follow(next), () => this.follow(undefined));
    });
    await cdp.send('Page.startScreencast', SCREENCAST);
  }

  /** Acts out one viewer message on the watched page; anything malformed is ignored. */
  private async input(raw: string): Promise<void> {
    const cdp = this.cdp;
    if (!cdp || !this.size) return;
    let event: ViewerInput;
    try {
      event = JSON.parse(raw) as ViewerInput;
    } catch {
      return;
    }
    const { width, height } = this.size;
    const at = (e: { x: number; y: number }) => ({ x: fraction(e.x) * width, y: fraction(e.y) * height });
    switch (event.type) {
      case 'click':
        await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at(event), button: 'left', clickCount: 1 });
        await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at(event), button: 'left', clickCount: 1 });
        return;
      case 'scroll':
        await cdp.send('Input.dispatchMouseEvent', { type: 'mouseWheel', ...at(event), deltaX: 0, deltaY: Number(event.deltaY) || 0 });
        return;
      case 'text':
        if (typeof event.text === 'string') await cdp.send('Input.insertText', { text: event.text.slice(0, MAX_TYPED) });
        return;
      case 'key': {
        const key = KEYS[event.key];
        if (!key) return;
        await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key });
        await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: key.key, code: key.code, windowsVirtualKeyCode: key.windowsVirtualKeyCode });
      }
    }
  }

  private broadcast(jpeg: Buffer): void {
    this.last = jpeg;
    for (const ws of this.viewers) {
      if (ws.readyState === ws.OPEN && ws.bufferedAmount < MAX_VIEWER_BACKLOG_BYTES) ws.send(jpeg, { binary: true });
    }
  }
}

const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The live-view page: one image, replaced by each frame the stream socket
 * delivers. Interactive, it also sends clicks, wheel turns and keys back.
 */
export function liveViewPage(streamUrl: string, interactive = false): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Trawl live view</title>
<style>
  html, body { margin: 0; height: 100%; background: #111; color: #ccc; font: 14px system-ui, sans-serif; }
  body { display: flex; flex-direction: column; }
  #status { padding: 6px 10px; }
  #screen { flex: 1; min-height: 0; object-fit: contain; width: 100%; }
</style>
</head>
<body data-stream="${escapeAttr(streamUrl)}" data-interactive="${interactive}">
<div id="status">Connecting…</div>
<img id="screen" alt="The browser session's page">
<script>
  const status = document.getElementById('status');
  const screen = document.getElementById('screen');
  let frames = 0;
  const ws = new WebSocket(new URL(document.body.dataset.stream, location.href).href.replace(/^http/, 'ws'));
  ws.binaryType = 'blob';
  const interactive = document.body.dataset.interactive === 'true';
  ws.onopen = () => { status.textContent = interactive ? 'Live (interactive)' : 'Live'; };
  // Where in the frame an event fell, as fractions: the image is letterboxed by object-fit.
  const spot = (e) => {
    const r = screen.getBoundingClientRect();
    const scale = Math.min(r.width / screen.naturalWidth, r.height / screen.naturalHeight);
    const w = screen.naturalWidth * scale, h = screen.naturalHeight * scale;
    return { x: (e.clientX - r.left - (r.width - w) / 2) / w, y: (e.clientY - r.top - (r.height - h) / 2) / h };
  };
  const send = (msg) => { if (ws.readyState === 1) ws.send(JSON.stringify(msg)); };
  if (interactive) {
    screen.addEventListener('click', (e) => send({ type: 'click', ...spot(e) }));
    screen.addEventListener('wheel', (e) => { e.preventDefault(); send({ type: 'scroll', ...spot(e), deltaY: e.deltaY }); }, { passive: false });
    document.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      send(e.key.length === 1 ? { type: 'text', text: e.key } : { type: 'key', key: e.key });
    });
  }
  ws.onmessage = (event) => {
    const old = screen.src;
    screen.src = URL.createObjectURL(event.data);
    if (old) URL.revokeObjectURL(old);
    screen.dataset.frames = String(++frames);
  };
  ws.onclose = (event) => { status.textContent = event.reason || 'The session has ended'; };
</script>
</body>
</html>
`;
}
