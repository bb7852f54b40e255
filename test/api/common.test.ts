import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { z } from 'zod';
import {
  checkUrl,
  countryCode,
  hostName,
  httpUrl,
  jsonSchema,
  opt,
  originFields,
  queryBool,
  setUrlPolicy,
  strictObject,
  targetUrl,
  UNRECOGNIZED_KEY_MESSAGE,
} from '../../src/api/common.js';
import { accept, assertIssue, reject } from './issues.js';

describe('strictObject', () => {
  const body = strictObject({ a: z.string() });

  test('rejects unknown keys with the v2 message, listing every key', () => {
    const result = body.safeParse({ a: 'x', b: 1, c: 2 });
    assert.equal(result.success, false);
    const [issue] = result.error!.issues;
    assert.equal(issue?.code, 'unrecognized_keys');
    assert.deepEqual((issue as { keys: string[] }).keys, ['b', 'c']);
    assert.equal(issue?.message, UNRECOGNIZED_KEY_MESSAGE);
  });

  test("keeps zod's wording for other issues", () => {
    assert.equal(reject(body, { a: 1 }).get('a'), 'Invalid input: expected string, received number');
  });
});

describe('opt', () => {
  const body = strictObject({
    limit: opt(z.int().min(1), 10),
    tags: opt(z.array(z.string()), ['a']),
    note: opt(z.string()),
  });

  test('applies the default when the field is absent', () => {
    assert.deepEqual(accept(body, {}), { limit: 10, tags: ['a'] });
  });

  test('treats null exactly like absent, default included', () => {
    const out = accept(body, { limit: null, tags: null, note: null });
    assert.equal(out.limit, 10);
    assert.deepEqual(out.tags, ['a']);
    assert.equal(out.note, undefined);
  });

  test('hands out a fresh default on every parse', () => {
    const first = accept(body, {});
    first.tags.push('mutated');
    assert.deepEqual(accept(body, {}).tags, ['a']);
  });

  test('still validates given values', () => {
    assert.ok(reject(body, { limit: 0 }).has('limit'));
  });

  test('shows the default and keeps the field optional in the JSON Schema', () => {
    const schema = z.toJSONSchema(body, { io: 'input', target: 'draft-2020-12' }) as {
      properties: Record<string, { default?: unknown; type?: string }>;
      required?: string[];
    };
    assert.equal(schema.properties.limit?.default, 10);
    assert.equal(schema.properties.limit?.type, 'integer');
    assert.equal(schema.required, undefined);
  });
});

describe('origin and integration', () => {
  const body = strictObject({ ...originFields });

  test('origin defaults to "api"; integration is optional', () => {
    assert.deepEqual(accept(body, {}), { origin: 'api' });
  });

  test('accept any SDK origin and a free-form integration', () => {
    assert.deepEqual(accept(body, { origin: 'js-sdk@4.42.0', integration: 'my-own-tool' }), {
      origin: 'js-sdk@4.42.0',
      integration: 'my-own-tool',
    });
  });

  test('integration null is treated as absent', () => {
    assert.equal(accept(body, { integration: null }).integration, undefined);
  });
});

describe('target URLs (§1.5)', () => {
  afterEach(() => setUrlPolicy({ allowLocalTargets: false }));

  test('a URL without scheme gets http:// and is normalised', () => {
    assert.equal(accept(targetUrl, 'example.com'), 'http://example.com/');
    assert.equal(accept(targetUrl, 'Example.COM/Path?q=1'), 'http://example.com/Path?q=1');
    assert.equal(accept(targetUrl, '  https://example.com/a b  '), 'https://example.com/a%20b');
  });

  test('a host:port without scheme is not mistaken for a scheme', () => {
    assert.equal(accept(targetUrl, 'example.com:8080/x'), 'http://example.com:8080/x');
  });

  test('only http and https are allowed', () => {
    for (const url of ['ftp://example.com', 'file:///etc/passwd', 'mailto:me@example.com', 'javascript:alert(1)']) {
      assert.deepEqual(checkUrl(url), { error: 'URL uses unsupported protocol' }, url);
    }
    assertIssue(strictObject({ url: targetUrl }), { url: 'ftp://example.com' }, 'url', 'URL uses unsupported protocol');
  });

  test('the host needs a top-level domain of two or more letters, or an IDN label', () => {
    const tld = 'URL must have a valid top-level domain or be a valid path';
    assert.deepEqual(checkUrl('example.c'), { error: tld });
    // Hosts of the operator's own network: the message names the setting that opens them.
    for (const [url, host] of [['localhost', 'localhost'], ['http://localhost:3000', 'localhost'], ['http://intranet/', 'intranet'], ['127.0.0.1', '127.0.0.1'], ['http://[::1]/', '[::1]']]) {
      assert.deepEqual(
        checkUrl(url!),
        { error: `${tld}: ${host} is an IP address or a local name, which this server fetches only when started with TRAWL_ALLOW_PRIVATE_NETWORK=on` },
        url,
      );
    }
    assert.equal(accept(targetUrl, 'münchen.de'), 'http://xn--mnchen-3ya.de/');
    assert.equal(accept(targetUrl, 'http://пример.рф/'), 'http://xn--e1afmkfd.xn--p1ai/');
  });

  test('an unparseable URL is reported as such', () => {
    for (const url of ['http://exa mple.com', 'http://example.com:99999', '']) {
      assert.deepEqual(checkUrl(url), { error: 'Invalid URL' }, url);
    }
  });

  test('allowLocalTargets accepts localhost, IPv4 and IPv6 literals and bare hosts', () => {
    setUrlPolicy({ allowLocalTargets: true });
    assert.equal(accept(targetUrl, '127.0.0.1:4000/page'), 'http://127.0.0.1:4000/page');
    assert.equal(accept(targetUrl, 'http://localhost:3000'), 'http://localhost:3000/');
    assert.equal(accept(targetUrl, 'http://[::1]:8080/'), 'http://[::1]:8080/');
    assert.equal(accept(targetUrl, 'intranet'), 'http://intranet/');
    assert.deepEqual(checkUrl('ftp://127.0.0.1'), { error: 'URL uses unsupported protocol' });
  });

  test('the policy is read at validation time', () => {
    assert.ok('error' in checkUrl('http://127.0.0.1/'));
    setUrlPolicy({ allowLocalTargets: true });
    assert.ok('url' in checkUrl('http://127.0.0.1/'));
    setUrlPolicy({ allowLocalTargets: false });
    assert.ok('error' in checkUrl('http://127.0.0.1/'));
  });
});

describe('httpUrl (webhooks, feedback)', () => {
  test('needs an absolute http(s) URL but no public host', () => {
    assert.equal(accept(httpUrl, 'http://127.0.0.1:9000/hook'), 'http://127.0.0.1:9000/hook');
    assert.deepEqual([...reject(httpUrl, 'example.com/hook').values()], ['Invalid URL']);
    assert.deepEqual([...reject(httpUrl, 'ftp://example.com/').values()], ['URL uses unsupported protocol']);
  });
});

describe('jsonSchema', () => {
  test('accepts ordinary JSON Schemas', () => {
    accept(jsonSchema, {
      type: 'object',
      properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: ['string', 'null'] } } },
      required: ['name'],
      additionalProperties: false,
      $defs: { x: { anyOf: [{ type: 'number' }, { $ref: '#/$defs/x' }] } },
    });
  });

  test('rejects what cannot compile, with "Invalid JSON schema."', () => {
    for (const schema of [{ type: 'strin' }, { properties: 5 }, { required: 'name' }, { properties: { a: { type: 'x' } } }]) {
      assert.deepEqual([...reject(jsonSchema, schema).values()], ['Invalid JSON schema.'], JSON.stringify(schema));
    }
  });
});

describe('small value shapes', () => {
  test('country codes are ISO alpha-2, case-insensitive, upper-cased', () => {
    assert.equal(accept(countryCode, 'de'), 'DE');
    assert.equal(accept(countryCode, 'us-generic'), 'US-generic');
    for (const code of ['XX', 'ZZ', 'USA', 'd']) assert.ok(reject(countryCode, code).size > 0, code);
  });

  test('host names carry no scheme, path or port', () => {
    assert.equal(accept(hostName, ' Docs.Example.com '), 'docs.example.com');
    for (const host of ['https://example.com', 'example.com/x', 'example.com:80', 'localhost']) {
      assert.equal(reject(hostName, host).get(''), 'Domain must be a valid hostname without protocol or path', host);
    }
  });

  test('query booleans read "true"/"false" strings', () => {
    assert.equal(accept(queryBool, 'true'), true);
    assert.equal(accept(queryBool, 'false'), false);
    assert.equal(accept(queryBool, true), true);
    assert.ok(reject(queryBool, 'maybe').size > 0);
  });
});
