import { randomUUID } from 'node:crypto';
import type { Capture } from '../browser/index.js';
import type { ArtifactStore } from '../store/artifacts.js';

const EXT: Record<Capture['mimeType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
};

/**
 * Screenshots and PDFs are answered as URLs served by Trawl (`/files/<id>`),
 * like the reference service's signed URLs: unguessable, unauthenticated, and
 * gone with the scrape's retention.
 */
export async function publishCapture(
  store: ArtifactStore,
  capture: Capture,
  at: { teamId: string; baseUrl: string; expiresAt: string },
): Promise<string> {
  const name = `${randomUUID()}.${EXT[capture.mimeType]}`;
  await store.put({ name, teamId: at.teamId, mimeType: capture.mimeType, data: capture.data, expiresAt: at.expiresAt });
  return `${at.baseUrl}/files/${name}`;
}
