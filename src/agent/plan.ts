import { z } from 'zod';
import type { ChatMessage, JsonSchema, Llm } from '../llm/index.js';
import type { AgentToolbox } from './toolbox.js';

/** One step the model chose. */
const decisionSchema = z.object({
  action: z.enum(['search', 'map', 'scrape', 'finish']),
  query: z.string().optional(),
  url: z.string().optional(),
  reason: z.string().optional(),
});

type Decision = z.infer<typeof decisionSchema>;

const DECISION_JSON_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: ['search', 'map', 'scrape', 'finish'] },
    query: { type: 'string', description: 'The web search query, for action "search".' },
    url: { type: 'string', description: 'The page to read ("scrape") or site to list ("map").' },
    reason: { type: 'string', description: 'One sentence: why this step.' },
  },
  required: ['action', 'reason'],
  additionalProperties: false,
};

/** Characters of the run's notes the planner reads back: the latest ones, which matter most. */
const NOTES_BUDGET = 12_000;

const SYSTEM = `You are a web research agent. You answer a task by choosing one step at a time:
- "search" with a "query": a web search; you get result URLs with titles.
- "map" with a "url": the URLs of that site.
- "scrape" with a "url": read a page; its text becomes available for the final answer.
- "finish": the pages read hold the answer, or nothing more can be found.
Read the pages that answer the task, not more. Reply with JSON only.`;

function notesOf(toolbox: AgentToolbox): string {
  const out: string[] = [];
  let size = 0;
  for (const note of [...toolbox.notes].reverse()) {
    if (size + note.length > NOTES_BUDGET) break;
    out.unshift(note);
    size += note.length;
  }
  return out.length ? out.join('\n\n') : '(no steps yet)';
}

function planMessages(toolbox: AgentToolbox, stepsLeft: number): ChatMessage[] {
  const s = toolbox.settings;
  const lines = [
    s.earlierTurns?.length
      ? `Earlier turns of this conversation:\n${s.earlierTurns.map((t, i) => `${i + 1}. Asked: ${t.prompt}\n   Answered: ${t.answer}`).join('\n')}`
      : '',
    `Task: ${s.prompt}`,
    s.schema ? `The answer must fill this JSON schema: ${JSON.stringify(s.schema)}` : '',
    s.urls.length ? `Start from these URLs${s.strictConstrainToURLs ? ' (only these may be read)' : ''}: ${s.urls.join(', ')}` : '',
    `Pages read so far: ${[...toolbox.pages.keys()].join(', ') || 'none'}.`,
    `Budget: ${s.maxCredits - toolbox.spent} credits left (a page costs 1); ${stepsLeft} steps left.`,
    `What the steps so far found:\n${notesOf(toolbox)}`,
  ];
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.filter(Boolean).join('\n\n') },
  ];
}

/** The model's next step, with the tokens it cost. A malformed answer counts as "finish". */
export async function nextStep(llm: Llm, toolbox: AgentToolbox, stepsLeft: number) {
  const out = await llm.generateJson({ messages: planMessages(toolbox, stepsLeft), schema: DECISION_JSON_SCHEMA, signal: toolbox.signal });
  const parsed = decisionSchema.safeParse(out.data);
  const decision: Decision = parsed.success ? parsed.data : { action: 'finish', reason: 'The planning answer could not be read.' };
  return { decision, usage: out.usage, valid: parsed.success };
}
