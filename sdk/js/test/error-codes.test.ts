import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { BadRequestError, Trawl, UnauthorizedError } from '../src/index.js';

describe('@trawl/sdk: err.code is set on every answer, with or without a code in the body', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('a 401 (whose body has no code) is UNAUTHORIZED', async () => {
    const err = await new Trawl({ apiUrl: s.url, apiKey: 'fc-not-a-key' }).getCreditUsage().catch((e: unknown) => e);
    assert.ok(err instanceof UnauthorizedError);
    assert.equal(err.status, 401);
    assert.equal(err.code, 'UNAUTHORIZED');
  });

  test('a code the server sends wins over the one named after the status', async () => {
    // .invalid never resolves (RFC 6761): a 400 that carries its own code.
    const err = await new Trawl({ apiUrl: s.url, apiKey: s.key }).scrape('http://no-such-host.invalid/').catch((e: unknown) => e);
    assert.ok(err instanceof BadRequestError);
    assert.equal(err.code, 'SCRAPE_DNS_RESOLUTION_ERROR');
  });
});
