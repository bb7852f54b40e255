import { randomUUID } from 'node:crypto';
import type { Capture } from '../browser/index.js';
import type { ArtifactStore } from '../store/artifacts.js';

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
  // The audio and video formats (src/scrape/formats/media.ts).
  'audio/mpeg': 'mp3',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
};

/** The file name extensions `/files/<name>` serves. */
export const ARTIFACT_EXTENSIONS = [...new Set([...Object.values(EXT), 'bin'])];

/**
 * Screenshots and PDFs are answered as URLs served by Trawl (`/files/<id>`),
 * like the reference service's signed URLs: unguessable, unauthenticated, and
 * gone with the scrape's retention.
 */
export async function publishCapture(
  store: ArtifactStore,
  capture: Capture | { data: Buffer; mimeType: string },
  at: { teamId: string; baseUrl: string; expiresAt: string },
): Promise<string> {
  const name = `${randomUUID()}.${EXT[capture.mimeType] ?? 'bin'}`;
  await store.put({ name, teamId: at.teamId, mimeType: capture.mimeType, data: capture.data, expiresAt: at.expiresAt });
  return `${at.baseUrl}/files/${name}`;
}
