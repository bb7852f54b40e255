import { setTimeout as sleep } from 'node:timers/promises';
import { LlmError } from '../errors.js';
import type { ChatMessage, TokenUsage } from '../types.js';
import { estimateTokens } from '../usage.js';

export interface EndpointOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  /** First backoff step; doubled per retry. Tests shorten it. */
  retryBaseMs?: number;
}

export interface ChatRequest {
  messages: ChatMessage[];
  responseFormat?: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface ChatAnswer {
  content: string;
  usage: TokenUsage;
}

/** A 400 the server gave; the caller decides whether it was the response_format it did not like. */
export class BadRequestError extends LlmError {
  constructor(message: string) {
    super('http', message, 400);
  }
}

const MAX_RETRY_AFTER_MS = 60_000;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, seconds * 1000));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - Date.now()));
}

/** The error text an OpenAI-style body carries (`{error: {message}}`, `{error: "..."}`, `{detail}`), else the body's start. */
function serverMessage(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const err = body.error as Record<string, unknown> | string | undefined;
    const msg = typeof err === 'string' ? err : (err?.message ?? body.message ?? body.detail);
    if (typeof msg === 'string' && msg) return msg.slice(0, 300);
  } catch {
    // Not JSON: the raw text is the best description there is.
  }
  return text.trim().slice(0, 300) || '(empty body)';
}

function usageOf(body: Record<string, unknown>, request: ChatRequest, content: string): TokenUsage {
  const u = body.usage as Record<string, unknown> | undefined;
  const prompt = typeof u?.prompt_tokens === 'number' ? u.prompt_tokens : undefined;
  const completion = typeof u?.completion_tokens === 'number' ? u.completion_tokens : undefined;
  if (prompt !== undefined && completion !== undefined) {
    const total = typeof u?.total_tokens === 'number' ? u.total_tokens : prompt + completion;
    return { promptTokens: prompt, completionTokens: completion, totalTokens: total };
  }
  // Some local servers omit usage: bill an estimate rather than nothing.
  const promptTokens = estimateTokens(request.messages.map((m) => m.content).join('\n'));
  const completionTokens = estimateTokens(content);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

/**
 * One chat completion, retried on 429 (after its Retry-After), 5xx, network
 * errors and timeouts with exponential backoff. Other 4xx fail at once.
 */
export async function chatCompletion(endpoint: EndpointOptions, request: ChatRequest): Promise<ChatAnswer> {
  const url = `${endpoint.baseUrl}/chat/completions`;
  const body = JSON.stringify({
    model: endpoint.model,
    messages: request.messages,
    temperature: 0,
    ...(request.responseFormat && { response_format: request.responseFormat }),
  });
  const base = endpoint.retryBaseMs ?? 1000;
  let lastError: LlmError | undefined;
  for (let attempt = 0; attempt <= endpoint.maxRetries; attempt++) {
    request.signal?.throwIfAborted();
    let wait = base * 2 ** attempt;
    const timeout = AbortSignal.timeout(endpoint.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(endpoint.apiKey && { authorization: `Bearer ${endpoint.apiKey}` }),
        },
        body,
        signal,
      });
      const text = await res.text();
      if (res.ok) {
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(text) as Record<string, unknown>;
        } catch {
          throw new LlmError('invalid_answer', `The LLM endpoint answered HTTP ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
        }
        const choice = (parsed.choices as Array<Record<string, unknown>> | undefined)?.[0];
        const message = choice?.message as Record<string, unknown> | undefined;
        const content = message?.content;
        if (typeof content !== 'string') {
          const refusal = typeof message?.refusal === 'string' ? `: ${message.refusal}` : '';
          throw new LlmError('invalid_answer', `The LLM endpoint answered without message content${refusal}`);
        }
        return { content, usage: usageOf(parsed, request, content) };
      }
      const detail = serverMessage(text);
      if (res.status === 400) throw new BadRequestError(`The LLM endpoint rejected the request (HTTP 400): ${detail}`);
      if (res.status === 401 || res.status === 403) {
        throw new LlmError('http', `The LLM endpoint refused the credentials (HTTP ${res.status}): check TRAWL_LLM_API_KEY. ${detail}`, res.status);
      }
      if (res.status === 404) {
        throw new LlmError('http', `The LLM endpoint answered HTTP 404 for ${url}: check TRAWL_LLM_BASE_URL (it should end before /chat/completions, usually in /v1) and TRAWL_LLM_MODEL. ${detail}`, res.status);
      }
      const error = new LlmError('http', `The LLM endpoint answered HTTP ${res.status}: ${detail}`, res.status);
      if (res.status !== 429 && res.status < 500) throw error;
      lastError = error;
      if (res.status === 429) wait = retryAfterMs(res.headers.get('retry-after')) ?? wait;
    } catch (err) {
      if (err instanceof LlmError) throw err;
      if (request.signal?.aborted) throw request.signal.reason;
      if (timeout.aborted) {
        const limit = endpoint.timeoutMs >= 1000 ? `${Math.round(endpoint.timeoutMs / 1000)} s (TRAWL_LLM_TIMEOUT_SECONDS)` : `${endpoint.timeoutMs} ms`;
        lastError = new LlmError('timeout', `The LLM endpoint did not answer within ${limit}`);
      } else {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        lastError = new LlmError('network', `The LLM endpoint ${endpoint.baseUrl} could not be reached: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
      }
    }
    if (attempt < endpoint.maxRetries) await sleep(wait, undefined, request.signal ? { signal: request.signal } : {});
  }
  const attempts = endpoint.maxRetries + 1;
  const final = lastError ?? new LlmError('network', 'The LLM endpoint could not be reached');
  throw new LlmError(final.code, `${final.message} (gave up after ${attempts} attempt${attempts === 1 ? '' : 's'})`, final.status);
}
