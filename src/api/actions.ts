import { z } from 'zod';
import { opt, strictObject, timerMs } from './common.js';
import { screenshotOptionsShape } from './formats.js';

const WAIT_ACTION_MESSAGE = "Either 'milliseconds' or 'selector' must be provided, but not both.";
const MAX_ACTIONS = 50;
const MAX_ACTIONS_MESSAGE = `Number of actions cannot exceed ${MAX_ACTIONS}`;

const waitAction = strictObject({
  type: z.literal('wait'),
  milliseconds: opt(timerMs()),
  selector: opt(z.string()).describe('Wait until an element matching this CSS selector appears.'),
})
  .refine((action) => (action.milliseconds === undefined) !== (action.selector === undefined), {
    message: WAIT_ACTION_MESSAGE,
  })
  .meta({ oneOf: [{ required: ['milliseconds'] }, { required: ['selector'] }] });

const PDF_PAGE_FORMATS = ['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid', 'Ledger'] as const;

/** §2.3 browser action. */
export const action = z.discriminatedUnion('type', [
  waitAction,
  strictObject({
    type: z.literal('click'),
    selector: z.string(),
    all: opt(z.boolean(), false).describe('Click every match, tolerating zero matches.'),
  }),
  strictObject({ type: z.literal('write'), text: z.string().describe('Typed into the focused element.') }),
  strictObject({ type: z.literal('press'), key: z.string().describe('Keyboard key, e.g. "Enter".') }),
  strictObject({
    type: z.literal('scroll'),
    direction: opt(z.enum(['up', 'down']), 'down'),
    selector: opt(z.string()),
  }),
  strictObject({ type: z.literal('screenshot'), ...screenshotOptionsShape }),
  strictObject({ type: z.literal('scrape') }),
  strictObject({ type: z.literal('executeJavascript'), script: z.string() }),
  strictObject({
    type: z.literal('pdf'),
    format: opt(z.enum(PDF_PAGE_FORMATS), 'Letter'),
    landscape: opt(z.boolean(), false),
    // Chromium's printToPDF accepts 0.1–2 and fails the whole scrape otherwise.
    scale: opt(z.number().min(0.1).max(2), 1),
  }),
]);

export type Action = z.output<typeof action>;

export const actionList = z
  .array(action)
  .max(MAX_ACTIONS, MAX_ACTIONS_MESSAGE)
  .describe('Browser steps run in order before the page is captured.');

/** Time the actions spend waiting; a selector wait counts as one second (§2.1). */
export function actionWaitMs(actions: readonly Action[]): number {
  let total = 0;
  for (const step of actions) {
    if (step.type === 'wait') total += step.milliseconds ?? 1000;
  }
  return total;
}
