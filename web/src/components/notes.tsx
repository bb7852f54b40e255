import type { ComponentChildren } from 'preact';
import { ApiFailure, errorText } from '../api/client.js';

/** What a failed call says; a 501 reads as the capability missing from this server. */
export function ErrorNote({ error }: { error: unknown }) {
  if (error instanceof ApiFailure && error.notAvailable) return <Unavailable detail={error.message} />;
  return (
    <div class="note error" role="alert">
      {errorText(error)}
    </div>
  );
}

export function Unavailable({ detail }: { detail?: string }) {
  return (
    <div class="note unavailable" role="status" data-testid="unavailable">
      <strong>Not available on this server.</strong> This server does not offer this capability yet
      {detail ? ` (it answered: ${detail})` : ''}. Everything else works as usual.
    </div>
  );
}

export function Loading() {
  return <div class="loading">Loading…</div>;
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <div class="empty">{children}</div>;
}

export const isUnavailable = (err: unknown) => err instanceof ApiFailure && err.notAvailable;
