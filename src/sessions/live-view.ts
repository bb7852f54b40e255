import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { WebSocket } from 'ws';

// A viewer this far behind skips frames until it has caught up; a live view wants the newest.
const MAX_VIEWER_BACKLOG_BYTES = 4 * 1024 * 1024;
const SCREENCAST = { format: 'jpeg', quality: 60, maxWidth: 1280, maxHeight: 1280, everyNthFrame: 1 } as const;

interface Frame {
  data: string;
  sessionId: number;
}

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
  private switching: Promise<void> = Promise.resolve();
  private readonly onPage = (page: Page) => this.follow(page);

  constructor(private readonly context: BrowserContext, private readonly currentPage: () => Promise<Page>) {}

  add(ws: WebSocket): void {
    this.viewers.add(ws);
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
      void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
      this.broadcast(Buffer.from(frame.data, 'base64'));
    });
    page.once('close', () => {
      if (this.watched === page) void this.currentPage().then((next) => this.follow(next), () => this.follow(undefined));
    });
    await cdp.send('Page.startScreencast', SCREENCAST);
  }

  private broadcast(jpeg: Buffer): void {
    this.last = jpeg;
    for (const ws of this.viewers) {
      if (ws.readyState === ws.OPEN && ws.bufferedAmount < MAX_VIEWER_BACKLOG_BYTES) ws.send(jpeg, { binary: true });
    }
  }
}

const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The live-view page: one image, replaced by each frame the stream socket delivers. */
export function liveViewPage(streamUrl: string): string {
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
<body data-stream="${escapeAttr(streamUrl)}">
<div id="status">Connecting…</div>
<img id="screen" alt="The browser session's page">
<script>
  const status = document.getElementById('status');
  const screen = document.getElementById('screen');
  let frames = 0;
  const ws = new WebSocket(new URL(document.body.dataset.stream, location.href).href.replace(/^http/, 'ws'));
  ws.binaryType = 'blob';
  ws.onopen = () => { status.textContent = 'Live'; };
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
