/**
 * `blockAds`: a short, hand-kept list of the ad, tracker and consent-manager hosts found on
 * a large share of pages, plus the consent banners those managers draw. It is not a filter
 * list and will miss most of the long tail; it exists to take the common noise out of
 * screenshots and markdown at no cost in correctness.
 */
const BLOCKED_DOMAINS = [
  // Ads
  'doubleclick.net',
  'googlesyndication.com',
  'googleadservices.com',
  'adservice.google.com',
  'amazon-adsystem.com',
  'adnxs.com',
  'criteo.com',
  'criteo.net',
  'taboola.com',
  'outbrain.com',
  'pubmatic.com',
  'rubiconproject.com',
  'openx.net',
  'casalemedia.com',
  'adsrvr.org',
  'moatads.com',
  'smartadserver.com',
  // Trackers
  'google-analytics.com',
  'googletagmanager.com',
  'googletagservices.com',
  'scorecardresearch.com',
  'quantserve.com',
  'hotjar.com',
  'connect.facebook.net',
  'bat.bing.com',
  // Consent managers: blocking their script means their banner never appears.
  'cookielaw.org',
  'onetrust.com',
  'cookiebot.com',
  'consensu.org',
  'usercentrics.eu',
  'trustarc.com',
  'privacy-mgmt.com',
  'didomi.io',
];

/** Banners that first-party scripts draw; hidden for screenshots, removed before the HTML is read. */
const COOKIE_BANNER_SELECTORS = [
  '#onetrust-consent-sdk',
  '#onetrust-banner-sdk',
  '#CybotCookiebotDialog',
  '#usercentrics-root',
  '#didomi-host',
  '#truste-consent-track',
  '.qc-cmp2-container',
  '.fc-consent-root',
  '[id^="sp_message_container"]',
  '.cc-window',
  '#cookie-banner',
  '.cookie-banner',
  '#cookie-notice',
  '.cookie-notice',
  '#cookie-consent',
  '.cookie-consent',
  '#gdpr-cookie-notice',
];

const SELECTOR_LIST = COOKIE_BANNER_SELECTORS.join(',');

export function isBlockedHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return BLOCKED_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

const STYLE_ID = 'trawl-hide-cookie-banners';

/** Init script: hides the banners from the first paint on, for screenshots taken by actions. */
export const HIDE_COOKIE_BANNERS_SCRIPT = `(() => {
  const install = () => {
    const style = document.createElement('style');
    style.id = ${JSON.stringify(STYLE_ID)};
    style.textContent = ${JSON.stringify(`${SELECTOR_LIST}{display:none!important}`)};
    (document.head || document.documentElement).appendChild(style);
  };
  if (document.documentElement) install();
  else document.addEventListener('DOMContentLoaded', install, { once: true });
})();`;

/**
 * Run before the final capture: takes the banners out of the HTML (hiding is not enough for
 * markdown) and removes the stylesheet above, which is not part of the page.
 */
export const REMOVE_COOKIE_BANNERS_SCRIPT = `(() => {
  for (const element of document.querySelectorAll(${JSON.stringify(`${SELECTOR_LIST},#${STYLE_ID}`)})) element.remove();
})()`;
