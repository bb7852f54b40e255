/** Binary results served at `/files/<name>`: screenshots and PDFs of scrapes. */
export interface Artifact {
  name: string;
  teamId: string;
  mimeType: string;
  data: Buffer;
  expiresAt: string;
}

export interface ArtifactStore {
  put(artifact: Artifact): Promise<void>;
  get(name: string): Promise<Artifact | null>;
  purgeExpired(now: Date): Promise<number>;
}
