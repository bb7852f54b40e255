/** A Trawl API answer: the status and the parsed JSON body (or the text when it was not JSON). */
export interface ApiResponse {
  status: number;
  body: any;
}

/**
 * What the MCP tools call: Trawl's own HTTP API, so every tool passes through the
 * same auth, rate limits, validation and credits as any other client.
 */
export interface TrawlApi {
  call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ApiResponse>;
}

/** A multipart/form-data POST (`/v2/parse` takes files this way). */
export type Upload = (path: string, form: FormData) => Promise<ApiResponse>;

/** A non-2xx answer of the API, carrying its message so the agent sees why. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** The body on success; otherwise an ApiFailure with the envelope's `error` (and `details`). */
export function unwrap(res: ApiResponse): any {
  if (res.status >= 200 && res.status < 300) return res.body;
  const body = res.body;
  const message = typeof body === 'object' && body && typeof body.error === 'string' ? body.error : String(body).slice(0, 2000);
  const details = typeof body === 'object' && body && body.details !== undefined ? `\nDetails: ${JSON.stringify(body.details)}` : '';
  throw new ApiFailure(res.status, `${message}${details}`);
}

export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
