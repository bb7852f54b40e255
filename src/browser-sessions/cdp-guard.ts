/**
 * What a session's DevTools clients (the caller over `cdpUrl`, and `node` code in the
 * sandbox) may ask of its Chromium. The egress proxy holds every network request to the
 * address rules; these are the protocol commands that would get around it or reach the
 * server's own files: navigating to file: or chrome: URLs, handing a server path to a file
 * input or a drop, writing downloads to a server folder, loading extensions, giving a
 * page's own scripts the protocol, or pointing a context at a proxy of the caller's choice.
 */

interface CdpCommand {
  id?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
  sessionId?: unknown;
}

export type GuardVerdict =
  /** Send this text on to Chromium (the original, or a rewritten command). */
  | { forward: string }
  /** Answer the client with this text instead. */
  | { answer: string };

const REFUSED_DOMAINS = new Set(['Extensions', 'PWA', 'Cast']);

const REFUSED_METHODS = new Map<string, string>([
  ['DOM.setFileInputFiles', 'file uploads from the server are not available'],
  ['Target.exposeDevToolsProtocol', 'pages may not be given the DevTools protocol'],
  ['Target.setRemoteLocations', 'remote target discovery is not available'],
  // Wraps commands as strings this guard would have to unpack; Playwright and Puppeteer use flat sessions.
  ['Target.sendMessageToTarget', 'use flat sessions (Target.attachToTarget with flatten: true)'],
  ['Browser.executeBrowserCommand', 'browser commands are not available'],
]);

// Where a page may be sent: the web (through the egress proxy) and pages with no origin of their own.
const NAVIGABLE = new Set(['http:', 'https:', 'data:', 'blob:']);
// Other about: pages are Chromium's own (about:version is chrome://version, with the command line).
const BLANK = new Set(['about:blank', 'about:srcdoc']);

function navigable(raw: unknown): boolean {
  if (typeof raw !== 'string') return true;
  if (raw === '') return true;
  try {
    const url = new URL(raw);
    return NAVIGABLE.has(url.protocol) || BLANK.has(`${url.protocol}${url.pathname}`);
  } catch {
    // Chromium would not load it either; refusing costs nothing.
    return false;
  }
}

function refusal(command: CdpCommand, reason: string): { answer: string } {
  return {
    answer: JSON.stringify({
      id: command.id,
      ...(command.sessionId !== undefined && { sessionId: command.sessionId }),
      error: { code: -32000, message: `${String(command.method)} is refused by Trawl: ${reason}` },
    }),
  };
}

/** Why `command` may not run as sent, or undefined when it may. */
function problem(method: string, params: Record<string, unknown>): string | undefined {
  const domain = method.split('.')[0]!;
  if (REFUSED_DOMAINS.has(domain)) return `the ${domain} domain is not available`;
  const refused = REFUSED_METHODS.get(method);
  if (refused) return refused;
  switch (method) {
    case 'Page.navigate':
    case 'Target.createTarget':
    case 'Network.loadNetworkResource':
    case 'Fetch.continueRequest':
    case 'Network.continueInterceptedRequest':
      return navigable(params.url) ? undefined : `only http(s), data:, blob: and about:blank URLs may be loaded, not ${String(params.url)}`;
    case 'Target.createBrowserContext':
      return params.proxyServer !== undefined || params.proxyBypassList !== undefined
        ? 'contexts use the session proxy; set no proxyServer'
        : undefined;
    case 'Input.dispatchDragEvent': {
      const files = (params.data as { files?: unknown[] } | undefined)?.files;
      return files?.length ? 'dropping server files is not available' : undefined;
    }
  }
  return undefined;
}

export function guardCdpMessage(text: string): GuardVerdict {
  let command: CdpCommand;
  try {
    command = JSON.parse(text) as CdpCommand;
  } catch {
    return { answer: JSON.stringify({ error: { code: -32700, message: 'Message must be a JSON object' } }) };
  }
  if (typeof command !== 'object' || command === null || typeof command.method !== 'string') return { forward: text };
  const params = command.params && typeof command.params === 'object' ? command.params : {};
  const why = problem(command.method, params);
  if (why) return refusal(command, why);
  if (command.method === 'Browser.setDownloadBehavior' || command.method === 'Page.setDownloadBehavior') {
    // Playwright asks for downloads into a folder of the client's machine on connecting;
    // on this server that folder would be ours. Downloads are declined instead, and the
    // connection still succeeds.
    const { downloadPath: _path, behavior: _behavior, ...rest } = params;
    return { forward: JSON.stringify({ ...command, params: { ...rest, behavior: 'deny' } }) };
  }
  return { forward: text };
}
