/**
 * The one seam every language-model feature goes through (json and summary
 * formats, extract, agent, crawl prompts, browser prompts). Two
 * implementations: an OpenAI-compatible provider, and the offline engine used
 * when none is configured, which answers only what a page states plainly and
 * says in `warnings` what it could not do.
 */

/** A JSON Schema object as the caller sent it (draft 2020-12 / draft-07 subset). */
export type JsonSchema = Record<string, unknown>;

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export const NO_TOKENS: TokenUsage = Object.freeze({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });

/** A page as the models read it. `html` lets the offline engine read JSON-LD, microdata and tables. */
export interface PageInput {
  url: string;
  markdown: string;
  html?: string;
  metadata?: Record<string, unknown>;
}

export interface ExtractInput {
  pages: PageInput[];
  prompt?: string;
  schema?: JsonSchema;
  systemPrompt?: string;
  signal?: AbortSignal;
}

export interface ExtractOutput {
  /** Conforms to `schema` when one was given. */
  data: unknown;
  usage: TokenUsage;
  /** What could not be filled or done, for the response's `warning`. */
  warnings: string[];
  /** Per top-level field, the page URLs the value was read from (for `showSources`). */
  sources?: Record<string, string[]>;
}

export interface SummaryInput {
  page: PageInput;
  signal?: AbortSignal;
}

export interface SummaryOutput {
  summary: string;
  usage: TokenUsage;
  warnings: string[];
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerateJsonInput {
  messages: ChatMessage[];
  schema: JsonSchema;
  signal?: AbortSignal;
}

export interface GenerateJsonOutput<T = unknown> {
  data: T;
  usage: TokenUsage;
  /** Set when the answer still broke the schema after repair and was coerced as far as it goes. */
  warnings?: string[];
}

export interface Llm {
  /** For logs and traces, e.g. `openai-compatible:llama3.1` or `offline`. */
  readonly name: string;
  /** True for the built-in engine: free-form reasoning (generateJson) is not available. */
  readonly offline: boolean;
  extract(input: ExtractInput): Promise<ExtractOutput>;
  summarize(input: SummaryInput): Promise<SummaryOutput>;
  /**
   * A free-form answer shaped by `schema` (planning steps, crawl options from a
   * prompt, browser actions). The offline engine throws LlmUnavailableError.
   */
  generateJson<T = unknown>(input: GenerateJsonInput): Promise<GenerateJsonOutput<T>>;
}
