import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { buildLlm } from '../../src/llm/index.js';

describe('choosing the language model from the configuration', () => {
  test('no TRAWL_LLM_BASE_URL: the offline engine', () => {
    const llm = buildLlm(loadConfig({}));
    assert.equal(llm.name, 'offline');
    assert.equal(llm.offline, true);
  });

  test('TRAWL_LLM_BASE_URL set: the OpenAI-compatible provider with the configured model', () => {
    const config = loadConfig({ TRAWL_LLM_BASE_URL: 'http://localhost:11434/v1/', TRAWL_LLM_MODEL: 'llama3.1' });
    assert.equal(config.llm.baseUrl, 'http://localhost:11434/v1');
    assert.equal(config.llm.structuredOutput, 'auto');
    const llm = buildLlm(config);
    assert.equal(llm.name, 'openai-compatible:llama3.1');
    assert.equal(llm.offline, false);
  });

  test('bad LLM settings stop the start with a message naming them', () => {
    assert.throws(() => loadConfig({ TRAWL_LLM_BASE_URL: 'localhost:11434' }), /TRAWL_LLM_BASE_URL must be an absolute http\(s\) URL/);
    assert.throws(() => loadConfig({ TRAWL_LLM_STRUCTURED_OUTPUT: 'grammar' }), /TRAWL_LLM_STRUCTURED_OUTPUT/);
    assert.throws(() => loadConfig({ TRAWL_LLM_TIMEOUT_SECONDS: '0' }), /TRAWL_LLM_TIMEOUT_SECONDS must be between 1 and 3600/);
  });
});
