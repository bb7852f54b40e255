import assert from 'node:assert/strict';
import { EgressError, type EgressErrorCode } from '../../src/egress/errors.js';

/** Asserts the promise fails with an EgressError of this code, and answers it for further checks. */
export async function rejects(promise: Promise<unknown>, code: EgressErrorCode): Promise<EgressError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof EgressError, `expected an EgressError, got ${String(err)}`);
    assert.equal(err.code, code, err.message);
    return err;
  }
  assert.fail(`expected ${code}, but the request succeeded`);
}
