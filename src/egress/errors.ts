export type EgressErrorCode =
  | 'EGRESS_BAD_URL'
  | 'EGRESS_BAD_SCHEME'
  | 'EGRESS_BLOCKED_ADDRESS'
  | 'EGRESS_DNS'
  | 'EGRESS_CONNECT'
  | 'EGRESS_TLS'
  | 'EGRESS_TIMEOUT'
  | 'EGRESS_ABORTED'
  | 'EGRESS_TOO_MANY_REDIRECTS'
  | 'EGRESS_TOO_LARGE'
  /** The connection broke or the response was malformed after the connection was made. */
  | 'EGRESS_NETWORK';

export interface EgressErrorDetails {
  url?: string;
  /** For EGRESS_BLOCKED_ADDRESS: the refused IP. */
  address?: string;
  /** For EGRESS_BLOCKED_ADDRESS: the address-policy reason (`loopback`, `cloud-metadata`, …). */
  reason?: string;
  /**
   * For EGRESS_BLOCKED_ADDRESS: `precheck` = an IP-literal URL refused before any socket
   * existed; `connect` = a resolved address refused by the connector.
   */
  stage?: 'precheck' | 'connect';
  cause?: unknown;
}

export class EgressError extends Error {
  override readonly name = 'EgressError';
  readonly code: EgressErrorCode;
  /** The URL being fetched when it failed (a redirect hop, not necessarily the first URL). */
  url: string | undefined;
  readonly address: string | undefined;
  readonly reason: string | undefined;
  readonly stage: 'precheck' | 'connect' | undefined;

  constructor(code: EgressErrorCode, message: string, details: EgressErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.url = details.url;
    this.address = details.address;
    this.reason = details.reason;
    this.stage = details.stage;
  }
}

export function isEgressError(err: unknown): err is EgressError {
  return err instanceof EgressError;
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_)|CERT|SELF_SIGNED|UNABLE_TO_|^EPROTO$/;

/** Maps whatever Node, undici or zlib threw into an EgressError, keeping the original as `cause`. */
export function toEgressError(err: unknown, url: string): EgressError {
  if (err instanceof EgressError) {
    err.url ??= url;
    return err;
  }
  const code = typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : '';
  const message = err instanceof Error ? err.message : String(err);
  const details = { url, cause: err };
  if (DNS_CODES.has(code)) return new EgressError('EGRESS_DNS', `DNS lookup failed for ${url}: ${message}`, details);
  if (CONNECT_CODES.has(code)) {
    return new EgressError('EGRESS_CONNECT', `could not connect for ${url}: ${message}`, details);
  }
  if (TLS_CODE.test(code)) return new EgressError('EGRESS_TLS', `TLS failure for ${url}: ${message}`, details);
  return new EgressError('EGRESS_NETWORK', `request to ${url} failed: ${message}`, details);
}
