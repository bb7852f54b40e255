/**
 * Every error the API answers, once: its status, the text it says when the
 * thrower has nothing more specific, and what it means for the docs
 * (docs/errors.md is generated from this table: `npm run docs:errors`).
 *
 * `bare` marks the answers whose body carries no `code`: the contract lists
 * those bodies exactly as Firecrawl sends them (§1.7), and the SDKs name them
 * after the status instead. The key still names the error inside Trawl.
 */
export interface ErrorEntry {
  status: number;
  message: string;
  /** What happened and what to do, for a person reading docs/errors.md. */
  description: string;
  bare?: true;
  /**
   * Other statuses the same code answers, by named cause: Firecrawl's scrape codes
   * say what failed, the status says whose fault it is (a host that does not exist
   * is the caller's 400, a resolver that did not answer this server's 500).
   */
  variants?: Record<string, number>;
}

export const ERRORS = {
  BAD_REQUEST: {
    status: 400,
    message: 'Bad Request',
    description:
      'The request does not follow the contract; `details` names each field (`url: URL uses unsupported protocol`). A URL naming an IP address or a local name (`http://127.0.0.1:8099/`, `http://intranet/`) is refused the same way unless the server was started with `TRAWL_ALLOW_PRIVATE_NETWORK=on` ([security.md](security.md)). Fix the field named.',
  },
  BAD_REQUEST_INVALID_JSON: {
    status: 400,
    message: 'Bad request, malformed JSON',
    description: 'The body is not JSON, or nests deeper than 128 levels. Send valid JSON.',
  },
  INVALID_REQUEST: {
    status: 400,
    message: 'Bad Request',
    description:
      'The request is well formed but cannot be done as asked (too many URLs, no valid URL, a batch that has ended, a monitor e-mail without recipients, …); `error` says why. Change the request as it says.',
    bare: true,
  },
  UNAUTHORIZED: {
    status: 401,
    message: 'Unauthorized',
    description:
      'No key, or a key the server does not know (`Unauthorized: Invalid token`), or a live-view link that is invalid. Send `Authorization: Bearer <key>`; issue a key with `trawl keys create --team NAME`.',
    bare: true,
  },
  PAYMENT_REQUIRED: {
    status: 402,
    message: 'Insufficient credits to perform this request.',
    description: "The team has not enough credits left this month. Wait for the 1st (UTC) or move the team to a larger plan ([billing.md](billing.md)).",
    bare: true,
  },
  FORBIDDEN: {
    status: 403,
    message: 'Forbidden',
    description:
      "The job or session is another team's, or the endpoint is not enabled for this team. Use the key of the team that started the job.",
    bare: true,
  },
  NOT_FOUND: {
    status: 404,
    message: 'Not found',
    description: 'No route has this method and path (`Not found: GET /v2/nope`). Check the URL against the API reference.',
  },
  RESOURCE_NOT_FOUND: {
    status: 404,
    message: 'Job not found',
    description:
      'Unknown or expired job, monitor, session, key or file. Results are kept for `TRAWL_JOB_RETENTION_HOURS` (24 h) / `TRAWL_RESULT_RETENTION_HOURS` (48 h).',
    bare: true,
  },
  REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request was not received in time',
    description: 'The client took longer than 120 s to send its request; the connection is closed. Send the request in one go.',
  },
  CONFLICT: {
    status: 409,
    message: 'Conflict',
    description:
      'The request clashes with one in progress: an idempotency key used before, a monitor check already running, a browser profile in use, a page that cannot be opened again. Wait for the other one, or use a new key.',
    bare: true,
  },
  SESSION_DESTROYED: {
    status: 410,
    message: 'Browser session has been destroyed.',
    description: 'The browser session has ended. Create a new one.',
    bare: true,
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'Request body is too large',
    description: 'A JSON body over 10 MB, or an uploaded file over the parse limit. Send less.',
  },
  URI_TOO_LONG: {
    status: 414,
    message: 'A path parameter is too long',
    description: 'A path parameter (a job id) is longer than 200 characters. Job ids are UUIDs.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported Content-Type: send application/json',
    description: 'The body type is not the one the route takes (`application/json`; `multipart/form-data` for `/v2/parse`).',
  },
  RATE_LIMITED: {
    status: 429,
    message: 'Rate limit exceeded',
    description:
      "The team's rate limit for that kind of request ([billing.md](billing.md#rate-limits)), or too many browser sessions at once; `Retry-After` says how long to wait. Wait; the SDKs retry on their own.",
    bare: true,
  },
  REQUEST_HEADER_FIELDS_TOO_LARGE: {
    status: 431,
    message: 'The request line and headers are too large (the limit is 16 KB)',
    description: 'Request line and headers (the query string included) over 16 KB; the connection is closed. Send less in the query string.',
  },
  UNKNOWN_ERROR: {
    status: 500,
    message: 'An unexpected error occurred. Please contact the operator for help.',
    description: 'Something unexpected; the exception ID in `error` is also in the server log next to the stack. Retry later; report the exception ID to the operator.',
  },
  DEFAULT_TEAM_MISSING: {
    status: 500,
    message: 'The default team is missing; restart the server to recreate it',
    description: 'Authentication is off and the team every request runs as is gone from the database. Restart the server.',
    bare: true,
  },
  NOT_IMPLEMENTED: {
    status: 501,
    message: 'This feature is not supported by this server',
    description: 'The feature is recognised but this server does not offer it (no search provider, no LLM, …). Leave the option out, or configure what `error` names.',
  },
  SEARCH_PROVIDER_ERROR: {
    status: 500,
    message: 'The search provider failed',
    description: 'The configured search provider did not answer usefully. Retry later; the operator can check the provider.',
  },
  MAP_TIMEOUT: {
    status: 408,
    message: 'Map timed out',
    description: 'The map took longer than its `timeout`. Give a longer `timeout`.',
  },
  SCRAPE_TIMEOUT: {
    status: 408,
    message: 'Scrape timed out',
    description: 'The scrape, search or parse took longer than its `timeout`. Give a longer `timeout`.',
  },
  SCRAPE_ALL_ENGINES_FAILED: {
    status: 500,
    message: 'All scraping engines failed!',
    description: 'No engine could fetch the page. Retry later.',
  },
  SCRAPE_SSL_ERROR: {
    status: 500,
    message: 'TLS error',
    description: "The site's TLS certificate or handshake failed. Check the site; `skipTlsVerification` accepts a bad certificate.",
  },
  SCRAPE_SITE_ERROR: {
    status: 500,
    variants: { unfetchableUrl: 400 },
    message: 'The site could not be fetched',
    description: 'The site could not be fetched (connection refused or broken, a file that would not convert); 400 when the URL itself cannot be fetched. Retry later, or check the URL.',
  },
  SCRAPE_DNS_RESOLUTION_ERROR: {
    status: 400,
    variants: { resolverFailed: 500 },
    message: 'No such host',
    description:
      "The host name does not exist: `No such host: \"exmaple.com\" does not resolve to an address. Check the URL for a typo.` A 500 when this server's resolver did not answer. Check the URL.",
  },
  SCRAPE_UNSUPPORTED_FILE_ERROR: {
    status: 415,
    message: 'Unsupported file type',
    description: 'The page or upload is a kind of file Trawl cannot turn into a document. Send an HTML page, a PDF or an office document.',
  },
  SCRAPE_ACTION_ERROR: {
    status: 500,
    message: 'An action failed',
    description: '`details.actionIndex` says which of the `actions` failed. Fix that action (its selector, its wait).',
  },
  SCRAPE_NO_CACHED_DATA: {
    status: 404,
    message: 'No cached copy of this page exists',
    description: 'A cache-only scrape (`minAge`) found no copy old enough. Scrape without `minAge`.',
  },
  SCRAPE_LOCKDOWN_CACHE_MISS: {
    status: 404,
    message: 'No cached copy of this page exists (lockdown mode never fetches)',
    description: 'Lockdown mode answers from the cache only, and this page is not in it.',
  },
  SCRAPE_BLOCKED_ADDRESS: {
    status: 403,
    message: 'This URL leads to a private address, which this server does not fetch',
    description:
      'The target resolves to a private address (also after a redirect). On a trusted network, start the server with `TRAWL_ALLOW_PRIVATE_NETWORK=on` ([security.md](security.md)).',
  },
  unsafe_domain_blocked: {
    status: 403,
    message: 'Blocked by threat protection',
    description: "The team's threat protection refuses this URL (Firecrawl's code, in its spelling).",
  },
  SCRAPE_BROWSER_UNAVAILABLE: {
    status: 500,
    message: 'No browser is available',
    description: "The request needs Chromium and this server has none that starts. The operator installs Debian's `chromium` or sets `TRAWL_CHROMIUM_PATH`.",
  },
  SCRAPE_MEDIA_PLATFORM_UNSUPPORTED: {
    status: 422,
    message: "The page's media is streamed by a platform's player",
    description: "The audio/video of the page is a platform's stream, not a file. Pass a direct link to a media file.",
  },
  SCRAPE_MEDIA_ERROR: {
    status: 422,
    variants: { noFfmpeg: 501 },
    message: 'The media could not be fetched or converted',
    description: 'The audio/video file could not be fetched or converted; a 501 when the server has no ffmpeg.',
  },
  BROWSER_UNAVAILABLE: {
    status: 502,
    message: 'The browser session could not be started',
    description: 'A browser session could not be started: no usable Chromium. The SDKs retry a 502.',
  },
  BROWSER_TIMEOUT: {
    status: 502,
    message: 'The browser session could not be started',
    description: 'A browser session could not be started in time. The SDKs retry a 502.',
  },
  BROWSER_ACTION: {
    status: 502,
    message: 'The browser session could not be started',
    description: 'A browser session could not be started: an action failed. The SDKs retry a 502.',
  },
  BROWSER_NAVIGATION: {
    status: 502,
    message: 'The browser session could not be started',
    description: 'A browser session could not be started: its page did not load. The SDKs retry a 502.',
  },
  BROWSER_CRASHED: {
    status: 502,
    message: 'The browser session could not be started',
    description: 'A browser session could not be started: Chromium died. The SDKs retry a 502.',
  },
  BROWSER_CLOSED: {
    status: 502,
    message: 'The browser session could not be started',
    description: 'A browser session could not be started: the browser is shutting down. The SDKs retry a 502.',
  },
  BROWSER_ABORTED: {
    status: 502,
    message: 'The browser session could not be started',
    description: 'A browser session could not be started: the request was aborted. The SDKs retry a 502.',
  },
  BROWSER_FAILED: {
    status: 502,
    message: 'The browser session could not be started',
    description: 'A browser session could not be started: Chromium or Playwright failed. The SDKs retry a 502.',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;

/** The named causes that answer a code with another status than its own. */
export type ErrorVariant = {
  [C in ErrorCode]: (typeof ERRORS)[C] extends { variants: infer V } ? keyof V & string : never;
}[ErrorCode];
