import type { StructuredOutputMode } from '../../config.js';
import type { ExtractInput, ExtractOutput, GenerateJsonInput, GenerateJsonOutput, Llm, SummaryInput, SummaryOutput } from '../types.js';
import { chatCompletion, type EndpointOptions } from './http.js';
import { EXTRACT_SYSTEM, pagesForModel, SUMMARY_SYSTEM, truncationWarning } from './prompts.js';
import { withoutReasoning } from './repair.js';
import { generateStructured } from './structured.js';

export interface OpenAiCompatibleOptions extends EndpointOptions {
  structuredOutput: StructuredOutputMode;
  /** Page text per request, all pages together. */
  maxInputChars: number;
}

/** Any server speaking OpenAI's chat completions: OpenAI, Ollama, vLLM, llama.cpp, LM Studio, OpenRouter… */
export function createOpenAiCompatible(options: OpenAiCompatibleOptions): Llm {
  const endpoint: EndpointOptions = options;

  return {
    name: `openai-compatible:${options.model}`,
    offline: false,

    async extract(input: ExtractInput): Promise<ExtractOutput> {
      const { text, truncated } = pagesForModel(input.pages, options.maxInputChars);
      const task = input.prompt?.trim() || 'Extract the data the schema describes.';
      const system = input.systemPrompt ? `${EXTRACT_SYSTEM}\n\n${input.systemPrompt}` : EXTRACT_SYSTEM;
      const out = await generateStructured(endpoint, options.structuredOutput, {
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: `${task}\n\n${text}` },
        ],
        schema: input.schema ?? { type: 'object' },
        ...(input.signal && { signal: input.signal }),
      });
      const warnings = [...(out.warnings ?? [])];
      if (truncated.length) warnings.push(truncationWarning(truncated, options.maxInputChars));
      return {
        data: out.data,
        usage: out.usage,
        warnings,
        // With one page every value can only have come from it; across pages the model does not say.
        ...(input.pages.length === 1 && { sources: sourcesOf(out.data, input.pages[0]!.url) }),
      };
    },

    async summarize(input: SummaryInput): Promise<SummaryOutput> {
      const { text, truncated } = pagesForModel([input.page], options.maxInputChars);
      const answer = await chatCompletion(endpoint, {
        messages: [
          { role: 'system', content: SUMMARY_SYSTEM },
          { role: 'user', content: text },
        ],
        ...(input.signal && { signal: input.signal }),
      });
      return {
        summary: withoutReasoning(answer.content),
        usage: answer.usage,
        warnings: truncated.length ? [truncationWarning(truncated, options.maxInputChars)] : [],
      };
    },

    generateJson<T = unknown>(input: GenerateJsonInput): Promise<GenerateJsonOutput<T>> {
      return generateStructured(endpoint, options.structuredOutput, input) as Promise<GenerateJsonOutput<T>>;
    },
  };
}

function sourcesOf(data: unknown, url: string): Record<string, string[]> | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const filled = Object.entries(data).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return Object.fromEntries(filled.map(([k]) => [k, [url]]));
}
