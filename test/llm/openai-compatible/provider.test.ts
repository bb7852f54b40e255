import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { LlmError } from '../../../src/llm/index.js';
import { createOpenAiCompatible, type OpenAiCompatibleOptions } from '../../../src/llm/openai-compatible/provider.js';
import { type LlmServer, type LlmServerOptions, startLlmServer } from '../../fixtures/llm-server.js';

const servers: LlmServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function setup(server: LlmServerOptions, options: Partial<OpenAiCompatibleOptions> = {}) {
  const llm = await startLlmServer(server);
  servers.push(llm);
  const provider = createOpenAiCompatible({
    baseUrl: llm.url,
    apiKey: 'sk-test',
    model: 'test-model',
    structuredOutput: 'auto',
    timeoutMs: 5000,
    maxRetries: 2,
    maxInputChars: 100_000,
    retryBaseMs: 5,
    ...options,
  });
  return { llm, provider };
}

const page = { url: 'https://shop.example/lamp', markdown: '# Brass lamp\n\nPrice: $49.00\n\nIn stock.' };
const schema = { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } }, required: ['name', 'price'] };

describe('OpenAI-compatible provider', () => {
  test('json_schema style: the schema travels in response_format, the page in the prompt, usage as reported', async () => {
    const { llm, provider } = await setup({
      answer: () => ({ content: '{"name":"Brass lamp","price":49}', usage: { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 } }),
    });
    const out = await provider.extract({ pages: [page], prompt: 'Get the lamp', schema });
    assert.deepEqual(out.data, { name: 'Brass lamp', price: 49 });
    assert.deepEqual(out.usage, { promptTokens: 120, completionTokens: 9, totalTokens: 129 });
    assert.deepEqual(out.warnings, []);
    assert.deepEqual(out.sources, { name: [page.url], price: [page.url] });
    assert.equal(llm.requests.length, 1);
    const req = llm.requests[0]!;
    assert.equal(req.model, 'test-model');
    assert.equal(req.response_format?.type, 'json_schema');
    assert.deepEqual(req.response_format?.json_schema?.schema, schema);
    // Not every property is required and objects are open: strict mode would be refused.
    assert.equal(req.response_format?.json_schema?.strict, false);
    const user = req.messages.find((m) => m.role === 'user')!.content;
    assert.match(user, /Get the lamp/);
    assert.match(user, /Price: \$49\.00/);
  });

  test('a closed schema is sent with strict: true', async () => {
    const closed = { ...schema, additionalProperties: false };
    const { llm, provider } = await setup({ answer: () => '{"name":"Brass lamp","price":49}' });
    await provider.extract({ pages: [page], schema: closed });
    assert.equal(llm.requests[0]!.response_format?.json_schema?.strict, true);
  });

  test('prompt style: a server refusing json_schema gets the schema in the prompt, and is remembered', async () => {
    const { llm, provider } = await setup({ structuredOutputs: false, answer: () => '{"name":"Brass lamp","price":49}' });
    const first = await provider.extract({ pages: [page], schema });
    assert.deepEqual(first.data, { name: 'Brass lamp', price: 49 });
    assert.equal(llm.requests.length, 2);
    assert.equal(llm.requests[0]!.response_format?.type, 'json_schema');
    assert.equal(llm.requests[1]!.response_format, undefined);
    const system = llm.requests[1]!.messages.find((m) => m.role === 'system')!.content;
    assert.match(system, /conforms to this JSON Schema/);
    assert.ok(system.includes(JSON.stringify(schema)));

    await provider.extract({ pages: [page], schema });
    assert.equal(llm.requests.length, 3, 'the second call goes straight to the prompt');
    assert.equal(llm.requests[2]!.response_format, undefined);
  });

  test('a prompt without a schema asks for JSON mode; a server refusing that gets the prompt style', async () => {
    const { llm, provider } = await setup({
      answer: (req) => (req.response_format ? { status: 400, content: 'response_format is not supported' } : '{"lamp":"Brass lamp","cost":"$49.00"}'),
    });
    const out = await provider.extract({ pages: [page], prompt: 'What lamp is this and what does it cost?' });
    assert.deepEqual(out.data, { lamp: 'Brass lamp', cost: '$49.00' });
    assert.deepEqual(llm.requests[0]!.response_format, { type: 'json_object' });
    assert.equal(llm.requests[1]!.response_format, undefined);
    assert.match(llm.requests[1]!.messages[0]!.content, /single JSON object/);
  });

  test('json_object mode asks for JSON mode and puts the schema in the prompt', async () => {
    const { llm, provider } = await setup({ answer: () => '{"name":"Brass lamp","price":49}' }, { structuredOutput: 'json_object' });
    await provider.extract({ pages: [page], schema });
    assert.deepEqual(llm.requests[0]!.response_format, { type: 'json_object' });
    assert.match(llm.requests[0]!.messages[0]!.content, /JSON Schema/);
  });

  test('malformed answers are repaired: reasoning, code fences, prose and trailing commas', async () => {
    const { provider } = await setup({
      structuredOutputs: false,
      answer: () => '<think>The user wants the lamp.</think>Sure! Here it is:\n```json\n{"name": "Brass lamp", "price": 49,}\n```\nAnything else?',
    });
    const out = await provider.extract({ pages: [page], schema });
    assert.deepEqual(out.data, { name: 'Brass lamp', price: 49 });
  });

  test('an answer breaking the schema is re-asked once with the violations', async () => {
    const { llm, provider } = await setup({
      answer: (_req, i) => (i === 0 ? '{"name":"Brass lamp"}' : '{"name":"Brass lamp","price":49}'),
    });
    const out = await provider.extract({ pages: [page], schema });
    assert.deepEqual(out.data, { name: 'Brass lamp', price: 49 });
    assert.equal(llm.requests.length, 2);
    const reask = llm.requests[1]!.messages;
    assert.equal(reask.at(-2)!.role, 'assistant');
    assert.match(reask.at(-1)!.content, /must have required property 'price'/);
    assert.ok(out.usage.totalTokens > 0);
  });

  test('still wrong after the re-ask: coerced to the schema ("$1,299.00" → 1299), or a warning naming what is off', async () => {
    const { provider } = await setup({ answer: () => '{"name":"Brass lamp","price":"$1,299.00"}' });
    const fixed = await provider.extract({ pages: [page], schema });
    assert.deepEqual(fixed.data, { name: 'Brass lamp', price: 1299 });
    assert.deepEqual(fixed.warnings, []);

    const { provider: stubborn } = await setup({ answer: () => '{"name":"Brass lamp"}' });
    const partial = await stubborn.extract({ pages: [page], schema });
    assert.deepEqual(partial.data, { name: 'Brass lamp' });
    assert.match(partial.warnings.join(' '), /does not fully match the schema: .*price/);
  });

  test('no JSON at all, even when asked again: a clear invalid_answer error', async () => {
    const { provider } = await setup({ answer: () => 'I am sorry, I cannot help with that.' });
    await assert.rejects(provider.extract({ pages: [page], schema }), (err: unknown) => {
      assert.ok(err instanceof LlmError);
      assert.equal(err.code, 'invalid_answer');
      assert.match(err.message, /did not answer JSON.*I am sorry/);
      return true;
    });
  });

  test('429 then success: Retry-After honoured, one retry', async () => {
    const { llm, provider } = await setup({
      answer: (_req, i) => (i === 0 ? { status: 429, content: 'Rate limit reached', headers: { 'retry-after': '0' } } : '{"name":"Brass lamp","price":49}'),
    });
    const out = await provider.extract({ pages: [page], schema });
    assert.deepEqual(out.data, { name: 'Brass lamp', price: 49 });
    assert.equal(llm.requests.length, 2);
  });

  test('5xx on every attempt: a clear error after the retries', async () => {
    const { llm, provider } = await setup({ answer: () => ({ status: 503, content: 'model is loading' }) });
    await assert.rejects(provider.extract({ pages: [page], schema }), (err: unknown) => {
      assert.ok(err instanceof LlmError);
      assert.equal(err.code, 'http');
      assert.equal(err.status, 503);
      assert.match(err.message, /HTTP 503: model is loading \(gave up after 3 attempts\)/);
      return true;
    });
    assert.equal(llm.requests.length, 3);
  });

  test('a refused API key fails at once and names the setting', async () => {
    const { llm, provider } = await setup({ answer: () => ({ status: 401, content: 'Incorrect API key provided' }) });
    await assert.rejects(provider.summarize({ page }), /HTTP 401\): check TRAWL_LLM_API_KEY\. Incorrect API key provided/);
    assert.equal(llm.requests.length, 1);
  });

  test('a server that does not answer in time: timeout error after the retries', async () => {
    const { llm, provider } = await setup({ answer: () => ({ content: '{}', delayMs: 1500 }) }, { timeoutMs: 200, maxRetries: 1 });
    await assert.rejects(provider.extract({ pages: [page], schema }), (err: unknown) => {
      assert.ok(err instanceof LlmError);
      assert.equal(err.code, 'timeout');
      assert.match(err.message, /did not answer within 200 ms \(gave up after 2 attempts\)/);
      return true;
    });
    assert.equal(llm.requests.length, 2);
  });

  test('summary: plain text, no response_format; usage estimated when the server sends none', async () => {
    const { llm, provider } = await setup({ answer: () => ({ content: 'A brass lamp for $49, in stock.', usage: null }) });
    const out = await provider.summarize({ page });
    assert.equal(out.summary, 'A brass lamp for $49, in stock.');
    assert.equal(llm.requests[0]!.response_format, undefined);
    assert.ok(out.usage.promptTokens > 10 && out.usage.completionTokens > 0, JSON.stringify(out.usage));
  });

  test('page content is cut to the input budget, with a warning', async () => {
    const { llm, provider } = await setup({ answer: () => 'Short.' }, { maxInputChars: 1000 });
    const long = { url: 'https://big.example/', markdown: 'word '.repeat(5000) };
    const out = await provider.summarize({ page: long });
    assert.ok(llm.requests[0]!.messages[1]!.content.length < 1200);
    assert.match(out.warnings[0]!, /cut to fit the LLM input budget of 1000 characters.*big\.example/);
  });

  test('generateJson: a non-object root is wrapped for the API and unwrapped for the caller', async () => {
    const { llm, provider } = await setup({ answer: () => '{"value":["search","scrape"]}' });
    const out = await provider.generateJson<string[]>({
      messages: [{ role: 'user', content: 'Plan the steps' }],
      schema: { type: 'array', items: { type: 'string' } },
    });
    assert.deepEqual(out.data, ['search', 'scrape']);
    assert.equal(llm.requests[0]!.response_format?.json_schema?.schema.type, 'object');
  });
});
