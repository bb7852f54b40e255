import { useEffect, useState } from 'preact/hooks';

/**
 * The API key the dashboard signs in with. It lives in localStorage so a
 * reload keeps the session; signing out forgets it.
 */
const KEY = 'trawl.apiKey';
const listeners = new Set<(key: string | null) => void>();

export function apiKey(): string | null {
  return localStorage.getItem(KEY);
}

export function signIn(key: string): void {
  localStorage.setItem(KEY, key);
  for (const l of listeners) l(key);
}

export function signOut(): void {
  localStorage.removeItem(KEY);
  for (const l of listeners) l(null);
}

export function useApiKey(): string | null {
  const [key, setKey] = useState(apiKey());
  useEffect(() => {
    listeners.add(setKey);
    return () => listeners.delete(setKey);
  }, []);
  return key;
}
