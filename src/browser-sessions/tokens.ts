import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** `control` opens the interactive live view: watching plus clicks and keys. */
export type TokenPurpose = 'cdp' | 'live' | 'control';

/**
 * Tokens that put one session's DevTools or live view in a URL, for clients that cannot
 * send headers. Each names one session and one purpose and lapses with the session, so a
 * leaked URL opens nothing else and nothing for long. The key is made at start-up: no
 * session outlives the process that launched it, nor do its tokens.
 */
export class SessionTokens {
  private readonly key = randomBytes(32);

  issue(purpose: TokenPurpose, sessionId: string, expiresAt: Date): string {
    const until = expiresAt.getTime().toString(36);
    return `${until}.${this.sign(purpose, sessionId, until)}`;
  }

  verify(purpose: TokenPurpose, sessionId: string, token: string, now = Date.now()): boolean {
    const [until, signature] = token.split('.');
    if (!until || !signature || !(parseInt(until, 36) > now)) return false;
    const expected = Buffer.from(this.sign(purpose, sessionId, until));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(purpose: TokenPurpose, sessionId: string, until: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${sessionId}\n${until}`).digest('base64url');
  }
}
