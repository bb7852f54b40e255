import { useEffect, useState } from 'preact/hooks';

/**
 * Screens are addressed by the URL's hash (`#/jobs/crawl/<id>`), so Trawl
 * serves one page at `/` and every screen can be bookmarked or reloaded.
 */
function segments(): string[] {
  return location.hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
}

export function useRoute(): string[] {
  const [route, setRoute] = useState(segments());
  useEffect(() => {
    const on = () => setRoute(segments());
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}

export const href = (...parts: string[]) => `#/${parts.map(encodeURIComponent).join('/')}`;

export function navigate(...parts: string[]): void {
  location.hash = href(...parts);
}
