import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SdkError } from '@mendable/firecrawl-js';
import { type Site, startSite } from '../../fixtures/site.js';
import { useOfflineTrawl } from './harness.js';

/** One second of a 440 Hz tone as 16-bit mono PCM WAV. */
function wav(): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++) samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000), i * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + samples.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(samples.length, 40);
  return Buffer.concat([head, samples]);
}

/** MP3 frames start with 11 set sync bits; files written by ffmpeg start with an ID3 tag. */
const isMp3 = (b: Buffer) => b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0);

let site: Site;
let mp4: Buffer;
before(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-media-test-'));
  const out = path.join(dir, 'clip.mp4');
  // A one-second clip with a picture and a tone, made by the same ffmpeg the server uses.
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=blue:s=64x48:d=1', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-shortest', '-c:v', 'mpeg4', '-c:a', 'aac', out]);
  mp4 = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  site = await startSite({
    '/podcast': { html: '<html><body><h1>Episode 1</h1><audio controls src="/episode.wav"></audio></body></html>' },
    '/episode.wav': { body: wav(), type: 'audio/wav' },
    '/film': { html: '<html><head><meta property="og:video" content="/ignored.mp4"></head><body><video controls><source src="/clip.mp4" type="video/mp4"></video></body></html>' },
    '/clip.mp4': { body: mp4, type: 'video/mp4' },
    '/embed': { html: '<html><body><h1>Our launch</h1><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></body></html>' },
    '/text': { html: '<html><body><p>Nothing to hear here.</p></body></html>' },
  });
});
after(() => site.close());

describe('audio and video formats', () => {
  const t = useOfflineTrawl();
  const download = async (url: string) => {
    const res = await fetch(url);
    return { type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  };

  test("the page's own audio, converted to MP3 and served as a file", async () => {
    const doc = await t.fc.scrape(site.url('/podcast'), { formats: ['markdown', 'audio'] });
    assert.match(doc.audio!, new RegExp(`^${t.s.url}/files/[0-9a-f-]{36}\\.mp3$`));
    const file = await download(doc.audio!);
    assert.equal(file.type, 'audio/mpeg');
    assert.ok(isMp3(file.body) && file.body.length > 1000, 'an MP3 of the second of tone');
    assert.match(doc.markdown!, /Episode 1/);
  });

  test("the page's video as it is published, and its sound track as the audio", async () => {
    const doc = await t.fc.scrape(site.url('/film'), { formats: ['video', 'audio'] });
    const video = await download(doc.video!);
    assert.match(doc.video!, /\.mp4$/);
    assert.equal(video.type, 'video/mp4');
    assert.ok(video.body.equals(mp4), 'the file the page links, byte for byte');
    assert.ok(isMp3((await download(doc.audio!)).body));
  });

  test('a direct link to a media file is its own audio', async () => {
    const doc = await t.fc.scrape(site.url('/episode.wav'), { formats: ['audio'] });
    assert.ok(isMp3((await download(doc.audio!)).body));
  });

  test("a page that only embeds a platform's player answers an error that says what is needed", async () => {
    await assert.rejects(t.fc.scrape(site.url('/embed'), { formats: ['video'] }), (err: unknown) => {
      assert.ok(err instanceof SdkError);
      assert.equal(err.status, 422);
      assert.match(err.message, /streamed by youtube\.com's player: fetching it needs that platform's downloader/);
      return true;
    });
  });

  test('a page without media still answers, and the warning says there was none', async () => {
    const doc = await t.fc.scrape(site.url('/text'), { formats: ['markdown', 'audio'] });
    assert.equal(doc.audio, undefined);
    assert.match(doc.warning!, /The page has no audio of its own/);
    assert.match(doc.markdown!, /Nothing to hear here/);
  });
});
