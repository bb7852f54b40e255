import type { BrowserContextOptions } from 'playwright-core';
import type { RenderLocation } from './types.js';

/**
 * How the page sees its visitor: screen, user agent, language and time zone (§2.1 `mobile`,
 * §2.5 `location`). The country's language comes from CLDR likely-subtags through Intl and
 * its zone from CLDR's zone list, with a pick for countries that span several zones.
 */

const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
// A Pixel 7: a common Android phone, so sites serve their ordinary mobile layout.
const MOBILE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625 };

// Where CLDR lists several zones, the one most of the country's people live in.
const MAIN_ZONE: Record<string, string> = {
  AR: 'America/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CL: 'America/Santiago',
  CY: 'Asia/Nicosia',
  ES: 'Europe/Madrid',
  GL: 'America/Godthab',
  KI: 'Pacific/Tarawa',
  MH: 'Pacific/Majuro',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  US: 'America/New_York',
  UZ: 'Asia/Tashkent',
};

export interface LocaleEmulation {
  /** BCP 47, for navigator.language and Intl defaults. */
  locale: string;
  acceptLanguage: string;
  /** Undefined when the country is unknown: the browser keeps the host's zone. */
  timezoneId: string | undefined;
}

function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag.trim())[0];
  } catch {
    return undefined;
  }
}

function countryLocale(country: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale('und', { region: country });
  } catch {
    return undefined;
  }
}

function countryZones(locale: Intl.Locale): string[] {
  // `timeZones` became `getTimeZones()` in newer V8; Node 20 has the getter, 22+ both.
  const withZones = locale as Intl.Locale & { timeZones?: string[]; getTimeZones?: () => string[] };
  return withZones.getTimeZones?.() ?? withZones.timeZones ?? [];
}

/** `de-DE, en` → `de-DE,de;q=0.9,en;q=0.8`, the way Chrome spells its own preference list. */
export function acceptLanguageFor(languages: readonly string[]): string {
  const ordered: string[] = [];
  for (const tag of languages) {
    const base = tag.split('-')[0]!;
    for (const entry of [tag, base]) if (!ordered.includes(entry)) ordered.push(entry);
  }
  return ordered
    .slice(0, 10)
    .map((entry, i) => (i === 0 ? entry : `${entry};q=${(1 - i / 10).toFixed(1)}`))
    .join(',');
}

export function localeFor(location: RenderLocation | undefined): LocaleEmulation {
  const raw = (location?.country ?? 'US').trim();
  const country = raw.toLowerCase() === 'us-generic' ? 'US' : raw.toUpperCase();
  const region = countryLocale(country);
  // CLDR maps a region it does not know (`ZZ`) to en-Latn-US; only a round trip means a real country.
  const likely = region?.maximize();
  const fallback = likely && likely.region === country && likely.language !== 'und' ? `${likely.language}-${country}` : 'en-US';
  const languages = (location?.languages ?? []).map(canonical).filter((tag): tag is string => tag !== undefined);
  if (languages.length === 0) languages.push(canonical(fallback) ?? 'en-US');
  return {
    locale: languages[0]!,
    acceptLanguage: acceptLanguageFor(languages),
    timezoneId: MAIN_ZONE[country] ?? (region ? countryZones(region)[0] : undefined),
  };
}

/** Chrome's reduced UA format: only the major version is real, as in Chrome itself. */
export function userAgentFor(chromeVersion: string, mobile: boolean): string {
  const major = chromeVersion.split('.')[0] ?? '0';
  return mobile
    ? `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`
    : `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

export interface EmulationInput {
  mobile?: boolean;
  locale: LocaleEmulation;
  /** The caller's `user-agent` header, which wins over the default. */
  userAgent?: string;
  /** Sent with every subresource request (see request-rules.ts for navigations). */
  extraHeaders: Record<string, string>;
  skipTlsVerification: boolean;
  chromeVersion: string;
  /** The engine-wide default UA, when the operator set one. */
  defaultUserAgent?: string;
}

export function contextOptionsFor(input: EmulationInput): BrowserContextOptions {
  const mobile = input.mobile === true;
  const { locale } = input;
  return {
    ...(mobile ? { ...MOBILE, isMobile: true, hasTouch: true } : { viewport: DESKTOP_VIEWPORT }),
    userAgent: input.userAgent ?? input.defaultUserAgent ?? userAgentFor(input.chromeVersion, mobile),
    locale: locale.locale,
    ...(locale.timezoneId ? { timezoneId: locale.timezoneId } : {}),
    extraHTTPHeaders: input.extraHeaders,
    ignoreHTTPSErrors: input.skipTlsVerification,
    // A service worker's requests bypass context.route, which blockAds and scoped headers rely on.
    serviceWorkers: 'block',
    acceptDownloads: false,
  };
}
