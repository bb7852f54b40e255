import type { SessionTokens } from './tokens.js';

export interface SessionLinks {
  /** DevTools over Trawl, for `chromium.connectOverCDP(cdpUrl)`; the token in it stands for the team's key. */
  cdpUrl: string;
  /** A page showing the session live, readable by whoever holds the URL until the session ends. */
  liveViewUrl: string;
  /** The same page, whose clicks, scrolling and typing reach the session's page. */
  interactiveLiveViewUrl: string;
}

export const cdpPath = (id: string): string => `/v2/browser/${encodeURIComponent(id)}/cdp`;
export const livePath = (id: string): string => `/v2/browser/${encodeURIComponent(id)}/live`;

/**
 * The URLs of a session as the caller reaches this server (`baseUrl`). An ended session
 * keeps its URLs in listings (the Python SDK requires them) but without tokens.
 */
export function sessionLinks(
  tokens: SessionTokens,
  session: { id: string; expiresAt: Date; live: boolean },
  baseUrl: string,
): SessionLinks {
  const wsBase = baseUrl.replace(/^http/, 'ws');
  if (!session.live) {
    return { cdpUrl: wsBase + cdpPath(session.id), liveViewUrl: baseUrl + livePath(session.id), interactiveLiveViewUrl: baseUrl + livePath(session.id) };
  }
  return {
    cdpUrl: `${wsBase}${cdpPath(session.id)}?token=${tokens.issue('cdp', session.id, session.expiresAt)}`,
    liveViewUrl: `${baseUrl}${livePath(session.id)}?token=${tokens.issue('live', session.id, session.expiresAt)}`,
    interactiveLiveViewUrl: `${baseUrl}${livePath(session.id)}?token=${tokens.issue('control', session.id, session.expiresAt)}`,
  };
}
