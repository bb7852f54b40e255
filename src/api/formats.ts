import { z } from 'zod';
import { jsonSchema, nameOrObject, opt, strictObject, typeOnly } from './common.js';

const viewport = strictObject({
  width: z.int().min(1).max(7680),
  height: z.int().min(1).max(4320),
});

/** Options shared by the screenshot format and the screenshot action. */
export const screenshotOptionsShape = {
  fullPage: opt(z.boolean(), false).describe('Capture the full scroll height instead of the viewport.'),
  quality: opt(z.int().min(1).max(100)).describe('JPEG quality; PNG when absent.'),
  viewport: opt(viewport),
};

const JSON_FORMAT_MESSAGE = "json format requires either 'prompt' or 'schema' (or both)";

const jsonFormat = strictObject({
  type: z.literal('json'),
  prompt: opt(z.string().max(10000)),
  schema: opt(jsonSchema),
  checkPromptInjection: opt(z.boolean()),
})
  .refine((format) => format.prompt !== undefined || format.schema !== undefined, { message: JSON_FORMAT_MESSAGE })
  .meta({ anyOf: [{ required: ['prompt'] }, { required: ['schema'] }] });

const changeTrackingFormat = strictObject({
  type: z.literal('changeTracking'),
  modes: opt(z.array(z.enum(['git-diff', 'json'])), []).describe('Extra diff outputs on top of changeStatus.'),
  schema: opt(jsonSchema).describe('Fields compared in "json" mode.'),
  prompt: opt(z.string().max(10000)),
  tag: opt(z.string().nullable(), null).describe('Separate comparison history per tag.'),
});

const attributesFormat = strictObject({
  type: z.literal('attributes'),
  selectors: z.array(strictObject({ selector: z.string(), attribute: z.string() })),
});

const formatObject = z.discriminatedUnion('type', [
  typeOnly('markdown'),
  typeOnly('html'),
  typeOnly('rawHtml'),
  typeOnly('links'),
  typeOnly('images'),
  typeOnly('summary'),
  strictObject({ type: z.literal('screenshot'), ...screenshotOptionsShape }),
  jsonFormat,
  changeTrackingFormat,
  attributesFormat,
  typeOnly('branding'),
  typeOnly('product'),
  typeOnly('menu'),
  typeOnly('audio'),
  typeOnly('video'),
  strictObject({ type: z.literal('question'), question: z.string().min(1).max(10000) }),
  strictObject({ type: z.literal('highlights'), query: z.string().min(1).max(10000) }),
  strictObject({
    type: z.literal('query'),
    prompt: z.string().min(1).max(10000),
    mode: opt(z.enum(['freeform', 'directQuote']), 'freeform'),
  }).describe('Deprecated: use the question or highlights format.'),
]);

export type Format = z.output<typeof formatObject>;
export type FormatType = Format['type'];

const FORMAT_TYPES: FormatType[] = formatObject.options.map((option) => option.shape.type.value);

// Formats with required options have no string form; `"json"` in particular is
// refused (§20.20) rather than silently producing an unguided extraction.
const SHORTHAND_FORMATS = [
  'markdown',
  'html',
  'rawHtml',
  'links',
  'images',
  'summary',
  'screenshot',
  'changeTracking',
  'branding',
  'product',
  'menu',
  'audio',
  'video',
] as const satisfies readonly FormatType[];

function unknownFormatName(name: string): string {
  if (name === 'json') return `${JSON_FORMAT_MESSAGE}: use {"type": "json", "prompt": "..."} instead of "json"`;
  if ((FORMAT_TYPES as string[]).includes(name)) {
    return `The ${name} format needs options: use an object such as {"type": "${name}", ...}`;
  }
  return `Unknown format "${name}". Expected one of: ${FORMAT_TYPES.join(', ')}`;
}

const SCREENSHOT_LIMIT_MESSAGE = 'You may only specify one screenshot format';
const CHANGE_TRACKING_MESSAGE =
  'The changeTracking format requires the markdown format to be specified as well';

/** §2.2 formats list, normalised to objects. */
export const formatList = z
  .array(nameOrObject(SHORTHAND_FORMATS, formatObject, unknownFormatName))
  .superRefine((formats, ctx) => {
    if (formats.filter((format) => format.type === 'screenshot').length > 1) {
      ctx.addIssue({ code: 'custom', message: SCREENSHOT_LIMIT_MESSAGE });
    }
    const has = (type: FormatType) => formats.some((format) => format.type === type);
    if (has('changeTracking') && !has('markdown')) {
      ctx.addIssue({ code: 'custom', message: CHANGE_TRACKING_MESSAGE });
    }
  })
  .describe('Outputs to produce. A string is shorthand for {"type": <string>}.');
