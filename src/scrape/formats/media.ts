import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ScrapeOptions } from '../../api/index.js';
import type { Egress } from '../../egress/index.js';
import { parse, select } from '../../llm/offline/html.js';
import type { BuiltContent } from '../build.js';
import type { FetchedPage } from '../engines/page.js';
import { ScrapeError } from '../errors.js';
import { decodeHtml } from '../transform/index.js';
import { isHtml } from '../waterfall.js';

/**
 * The `audio` and `video` formats: the page's own media (or the URL itself
 * when it is a media file), fetched through the egress guard like the page,
 * and served by Trawl as files (src/scrape/artifacts.ts). Audio is MP3,
 * converted by ffmpeg when the source is anything else (a video's sound track
 * included). Pages that only embed a platform's player have no file to fetch:
 * they answer an error that says so.
 */

export interface MediaFile {
  data: Buffer;
  mimeType: string;
}

/** Largest media file fetched: a long podcast fits, a film does not. */
const MAX_MEDIA_BYTES = 200 * 1024 * 1024;

// Sites whose media is streamed through their own players and protocols, not served as a file.
const PLATFORMS = [
  /(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com)$/,
  /(^|\.)vimeo\.com$/,
  /(^|\.)soundcloud\.com$/,
  /(^|\.)(tiktok\.com|twitch\.tv|dailymotion\.com|spotify\.com|instagram\.com|facebook\.com|x\.com|twitter\.com|bandcamp\.com|mixcloud\.com)$/,
];

const platformOf = (url: string): string | undefined => {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return PLATFORMS.some((p) => p.test(host)) ? host.replace(/^www\./, '') : undefined;
  } catch {
    return undefined;
  }
};

export type MediaKind = 'audio' | 'video';

export const wantsMedia = (options: Pick<ScrapeOptions, 'formats'>, kind?: MediaKind) =>
  options.formats.some((f) => (kind ? f.type === kind : f.type === 'audio' || f.type === 'video'));

const mediaKindOf = (contentType: string | undefined): MediaKind | undefined => {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type.startsWith('audio/') ? 'audio' : type.startsWith('video/') ? 'video' : undefined;
};

/** A media file asked for by URL: no page around it, so its other formats are empty. */
export function mediaResponseContent(page: FetchedPage, options: Pick<ScrapeOptions, 'formats'>): BuiltContent | undefined {
  if (!wantsMedia(options) || page.html !== undefined || !mediaKindOf(page.contentType)) return undefined;
  const doc: BuiltContent['doc'] = { metadata: {} };
  for (const f of options.formats) {
    if (f.type === 'markdown' || f.type === 'html' || f.type === 'rawHtml') doc[f.type] = '';
    if (f.type === 'links' || f.type === 'images') doc[f.type] = [];
  }
  return { doc, pdfPages: 0, warnings: [] };
}

/** The page's own media URLs, best first: elements, then Open Graph tags. */
export function mediaUrlsOf(html: string, base: string): { audio: string[]; video: string[]; embeds: string[] } {
  const dom = parse(html);
  const abs = (u: string | undefined) => {
    if (!u || u.startsWith('blob:') || u.startsWith('data:')) return undefined;
    try {
      return new URL(u, base).href;
    } catch {
      return undefined;
    }
  };
  const srcs = (selector: string, attr = 'src') => select(selector, dom).map((el) => abs(el.attribs[attr])).filter((u): u is string => !!u);
  const meta = (...names: string[]) =>
    select('meta', dom).filter((m) => names.includes((m.attribs.property ?? m.attribs.name ?? '').toLowerCase())).map((m) => abs(m.attribs.content)).filter((u): u is string => !!u);
  const unique = (list: string[]) => [...new Set(list)];
  return {
    audio: unique([...srcs('audio[src]'), ...srcs('audio source[src]'), ...meta('og:audio', 'og:audio:url', 'og:audio:secure_url')]),
    video: unique([...srcs('video[src]'), ...srcs('video source[src]'), ...meta('og:video', 'og:video:url', 'og:video:secure_url', 'twitter:player:stream')]),
    embeds: unique(srcs('iframe[src]').filter((u) => platformOf(u))),
  };
}

const execFileAsync = promisify(execFile);

/** Any audio or video file to MP3 (its sound track), through Debian's ffmpeg. */
export async function toMp3(file: MediaFile, signal: AbortSignal): Promise<Buffer> {
  if (file.mimeType === 'audio/mpeg') return file.data;
  const dir = await mkdtemp(path.join(tmpdir(), 'trawl-media-'));
  try {
    const input = path.join(dir, 'input');
    const output = path.join(dir, 'output.mp3');
    await writeFile(input, file.data);
    try {
      await execFileAsync('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', input, '-vn', '-codec:a', 'libmp3lame', '-q:a', '4', output], { signal, maxBuffer: 1024 * 1024 });
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { stderr?: string };
      if (e.code === 'ENOENT') {
        throw new ScrapeError('SCRAPE_MEDIA_ERROR', 'The audio format needs ffmpeg on the server (apt-get install ffmpeg)', { variant: 'noFfmpeg' });
      }
      if (signal.aborted) throw err;
      throw new ScrapeError('SCRAPE_MEDIA_ERROR', `The media could not be converted to MP3: ${(e.stderr ?? e.message).trim().split('\n')[0]}`);
    }
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface MediaContext {
  egress: Egress;
  options: Pick<ScrapeOptions, 'formats' | 'headers' | 'skipTlsVerification'>;
  signal: AbortSignal;
  remaining: () => number;
}

async function download(ctx: MediaContext, url: string, kind: MediaKind): Promise<MediaFile> {
  const res = await ctx.egress.fetch(url, {
    headers: { accept: `${kind}/*,*/*;q=0.5`, ...ctx.options.headers },
    skipTlsVerification: ctx.options.skipTlsVerification,
    timeoutMs: ctx.remaining(),
    maxBytes: MAX_MEDIA_BYTES,
    signal: ctx.signal,
  });
  if (res.status >= 400) throw new ScrapeError('SCRAPE_MEDIA_ERROR', `The page's ${kind} file ${url} answered HTTP ${res.status}`);
  const mimeType = res.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || (kind === 'audio' ? 'audio/mpeg' : 'video/mp4');
  return { data: res.body, mimeType };
}

/**
 * The requested media of a fetched page: `{audio, video}` files to publish,
 * and warnings for what the page does not have.
 */
export async function mediaOf(page: FetchedPage, ctx: MediaContext): Promise<{ audio?: MediaFile; video?: MediaFile; warnings: string[] }> {
  const warnings: string[] = [];
  const direct = page.html === undefined ? mediaKindOf(page.contentType) : undefined;
  const html = page.html ?? (page.body && isHtml(page.contentType, page.body) ? decodeHtml(page.body, page.contentType) : undefined);
  const wantAudio = wantsMedia(ctx.options, 'audio');
  const wantVideo = wantsMedia(ctx.options, 'video');
  const platform = platformOf(page.url);
  const found = html !== undefined ? mediaUrlsOf(html, page.url) : { audio: [], video: [], embeds: [] };
  const source = async (kind: MediaKind): Promise<MediaFile | undefined> => {
    if (direct) return direct === kind || kind === 'audio' ? { data: page.body ?? Buffer.alloc(0), mimeType: page.contentType!.split(';')[0]!.trim().toLowerCase() } : undefined;
    // A sound track is also in the video: audio falls back on it.
    const urls = kind === 'audio' ? [...found.audio, ...found.video] : found.video;
    const url = urls.find((u) => !platformOf(u));
    return url ? download(ctx, url, kind) : undefined;
  };
  const missing = (kind: MediaKind) => {
    const host = platform ?? (found.embeds[0] && platformOf(found.embeds[0]));
    if (host) {
      throw new ScrapeError(
        'SCRAPE_MEDIA_PLATFORM_UNSUPPORTED',
        `The ${kind} of this page is streamed by ${host}'s player: fetching it needs that platform's downloader, which Trawl does not include. Pass a direct link to a media file instead.`,
      );
    }
    warnings.push(direct ? `The URL is a ${direct} file, which has no ${kind}.` : `The page has no ${kind} of its own (no <${kind}> element or og:${kind} tag).`);
  };
  const out: { audio?: MediaFile; video?: MediaFile; warnings: string[] } = { warnings };
  if (wantVideo) {
    const video = await source('video');
    if (video) out.video = video;
    else missing('video');
  }
  if (wantAudio) {
    const audio = await source('audio');
    if (audio) out.audio = { data: await toMp3(audio, ctx.signal), mimeType: 'audio/mpeg' };
    else missing('audio');
  }
  return out;
}
