import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { guardCdpMessage } from '../../src/browser-sessions/cdp-guard.js';

const send = (message: object) => guardCdpMessage(JSON.stringify(message));

function refusedAnswer(verdict: ReturnType<typeof guardCdpMessage>) {
  assert.ok('answer' in verdict, `expected a refusal, got ${JSON.stringify(verdict)}`);
  return JSON.parse(verdict.answer) as { id: number; sessionId?: string; error: { message: string } };
}

describe('the DevTools guard of browser sessions', () => {
  test('web navigation passes untouched', () => {
    const text = JSON.stringify({ id: 1, method: 'Page.navigate', params: { url: 'https://example.com/' }, sessionId: 'S' });
    assert.deepEqual(guardCdpMessage(text), { forward: text });
    assert.ok('forward' in send({ id: 2, method: 'Target.createTarget', params: { url: 'about:blank' } }));
  });

  test('navigating to a server file is answered with an error for the same command and page session', () => {
    const answer = refusedAnswer(send({ id: 7, method: 'Page.navigate', params: { url: 'file:///etc/passwd' }, sessionId: 'S1' }));
    assert.equal(answer.id, 7);
    assert.equal(answer.sessionId, 'S1');
    assert.match(answer.error.message, /refused by Trawl.*file:\/\/\/etc\/passwd/);
    refusedAnswer(send({ id: 8, method: 'Target.createTarget', params: { url: 'chrome://settings' } }));
    refusedAnswer(send({ id: 9, method: 'Page.navigate', params: { url: 'about:version' } }));
    refusedAnswer(send({ id: 10, method: 'Page.navigate', params: { url: 'view-source:file:///etc/passwd' } }));
  });

  test('server files cannot be handed to a file input or dropped on a page', () => {
    refusedAnswer(send({ id: 1, method: 'DOM.setFileInputFiles', params: { files: ['/etc/passwd'], nodeId: 3 } }));
    refusedAnswer(send({ id: 2, method: 'Input.dispatchDragEvent', params: { type: 'drop', x: 1, y: 1, data: { items: [], files: ['/etc/passwd'] } } }));
  });

  test('a context cannot be pointed at a proxy around the egress rules', () => {
    refusedAnswer(send({ id: 1, method: 'Target.createBrowserContext', params: { proxyServer: 'direct://' } }));
    assert.ok('forward' in send({ id: 2, method: 'Target.createBrowserContext', params: { disposeOnDetach: true } }));
  });

  test('downloads are declined instead of written to a server folder, and the command still succeeds', () => {
    const verdict = send({ id: 4, method: 'Browser.setDownloadBehavior', params: { behavior: 'allowAndName', downloadPath: '/tmp/x', eventsEnabled: true } });
    assert.ok('forward' in verdict);
    assert.deepEqual(JSON.parse(verdict.forward), { id: 4, method: 'Browser.setDownloadBehavior', params: { behavior: 'deny', eventsEnabled: true } });
  });

  test('pages cannot be given the protocol, and extensions cannot be loaded', () => {
    refusedAnswer(send({ id: 1, method: 'Target.exposeDevToolsProtocol', params: { targetId: 'T' } }));
    refusedAnswer(send({ id: 2, method: 'Extensions.loadUnpacked', params: { path: '/srv' } }));
  });
});
