import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptLanguageFor, contextOptionsFor, localeFor, userAgentFor } from '../../src/browser/emulation.js';

describe('localeFor', () => {
  it('defaults to the United States', () => {
    assert.deepEqual(localeFor(undefined), { locale: 'en-US', acceptLanguage: 'en-US,en;q=0.9', timezoneId: 'America/New_York' });
    assert.deepEqual(localeFor({ country: 'US-generic' }), localeFor({}));
  });

  it("derives the language and zone from the country, whatever its case", () => {
    assert.deepEqual(localeFor({ country: 'de' }), { locale: 'de-DE', acceptLanguage: 'de-DE,de;q=0.9', timezoneId: 'Europe/Berlin' });
    assert.equal(localeFor({ country: 'JP' }).locale, 'ja-JP');
    assert.equal(localeFor({ country: 'BR' }).timezoneId, 'America/Sao_Paulo');
    assert.equal(localeFor({ country: 'FR' }).timezoneId, 'Europe/Paris');
  });

  it('puts the caller’s languages first, in order', () => {
    const l = localeFor({ country: 'CH', languages: ['fr-CH', 'en'] });
    assert.equal(l.locale, 'fr-CH');
    assert.equal(l.acceptLanguage, 'fr-CH,fr;q=0.9,en;q=0.8');
    assert.equal(l.timezoneId, 'Europe/Zurich');
  });

  it('skips language tags that are not BCP 47', () => {
    assert.equal(localeFor({ country: 'US', languages: ['not a tag!', 'es-US'] }).locale, 'es-US');
  });

  it('leaves the zone alone for an unknown country', () => {
    assert.deepEqual(localeFor({ country: 'ZZ' }), { locale: 'en-US', acceptLanguage: 'en-US,en;q=0.9', timezoneId: undefined });
  });
});

describe('acceptLanguageFor', () => {
  it('adds base languages and falling q-values like Chrome', () => {
    assert.equal(acceptLanguageFor(['de-DE', 'en-US', 'en']), 'de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7');
    assert.equal(acceptLanguageFor(['en']), 'en');
  });
});

describe('contextOptionsFor', () => {
  const base = { locale: localeFor(undefined), extraHeaders: {}, skipTlsVerification: false, chromeVersion: '156.0.8078.79' };

  it('emulates a phone for mobile', () => {
    const o = contextOptionsFor({ ...base, mobile: true });
    assert.equal(o.isMobile, true);
    assert.equal(o.hasTouch, true);
    assert.ok(o.viewport && o.viewport.width < 500);
    assert.match(o.userAgent ?? '', /Android.*Chrome\/156\.0\.0\.0 Mobile/);
  });

  it('uses a desktop Chrome UA without the Headless marker, unless the caller or operator set one', () => {
    assert.equal(contextOptionsFor(base).userAgent, userAgentFor('156.0.8078.79', false));
    assert.doesNotMatch(userAgentFor('156.0.8078.79', false), /Headless/);
    assert.equal(contextOptionsFor({ ...base, defaultUserAgent: 'Op/1' }).userAgent, 'Op/1');
    assert.equal(contextOptionsFor({ ...base, defaultUserAgent: 'Op/1', userAgent: 'Me/2' }).userAgent, 'Me/2');
  });
});
