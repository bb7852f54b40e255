/** The README's example key: anyone who has read the README holds it. */
const SAMPLE_API_KEYS = ['fc-0123456789abcdef0123456789abcdef'];
const MIN_KEY_LENGTH = 20;
const MIN_KEY_DISTINCT_CHARS = 10;

/** Why `key` is easy to guess, if it is: the sample key, too short, or too few distinct characters. */
function weakKeyReason(key: string): string | undefined {
  if (SAMPLE_API_KEYS.includes(key)) return 'is the sample key from the README';
  if (key.length < MIN_KEY_LENGTH) return `is shorter than ${MIN_KEY_LENGTH} characters`;
  if (new Set(key).size < MIN_KEY_DISTINCT_CHARS) return `has fewer than ${MIN_KEY_DISTINCT_CHARS} different characters`;
  return undefined;
}

/** Loopback names and addresses: only this machine can reach a server bound there. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * One line saying why a server listening on `host` would be open to anyone who
 * can reach it, or nothing. TRAWL_ALLOW_INSECURE_EXPOSURE=1 silences it.
 */
export function exposureProblem(host: string, auth: boolean, keys: string[]): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  const escape = 'bind HOST=127.0.0.1, or set TRAWL_ALLOW_INSECURE_EXPOSURE=1 if you mean it (docs/security.md)';
  if (!auth) return `HOST: refusing to listen on ${host} with TRAWL_AUTH=off: anyone who can reach it may use it; ${escape}`;
  for (const key of keys) {
    const reason = weakKeyReason(key);
    if (reason) {
      return `HOST: refusing to listen on ${host}: an API key ${reason} (create one with \`openssl rand -hex 20\`); ${escape}`;
    }
  }
  return undefined;
}
