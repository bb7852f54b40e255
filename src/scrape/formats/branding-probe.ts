/**
 * Runs in the rendered page (as an executeJavascript step after the caller's
 * actions) and returns the raw style facts the branding format is built from:
 * computed colours, fonts, sizes and the logo and icon candidates. Plain
 * JavaScript in a string, so that no build step can add helpers the page does
 * not have.
 */
export const BRANDING_PROBE = String.raw`(() => {
  const hex = (c) => {
    const m = /rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)(?:[,\s/]+([\d.]+%?))?\s*\)/.exec(c || '');
    if (!m) return null;
    const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    if (alpha < 0.5) return null;
    return '#' + [m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('').toUpperCase();
  };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const style = (sel) => {
    const el = Array.from(document.querySelectorAll(sel)).find(visible);
    return el ? { el, s: getComputedStyle(el) } : null;
  };
  const backgroundOf = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = hex(getComputedStyle(e).backgroundColor);
      if (c) return c;
    }
    return '#FFFFFF';
  };
  const textOf = (x) => (x ? { family: x.s.fontFamily, size: x.s.fontSize, weight: Number(x.s.fontWeight) || 400, lineHeight: x.s.lineHeight, color: hex(x.s.color) } : null);
  const count = (map, key, n) => { if (key) map[key] = (map[key] || 0) + n; };

  const body = document.body || document.documentElement;
  const bodyStyle = getComputedStyle(body);
  const paragraph = style('main p, article p, p') || { el: body, s: bodyStyle };

  const brandColours = {};
  const buttons = Array.from(document.querySelectorAll('button, .btn, .button, [role=button], input[type=submit], a[class*=btn], a[class*=button]')).filter(visible);
  for (const b of buttons.slice(0, 50)) count(brandColours, hex(getComputedStyle(b).backgroundColor), 3);
  const links = Array.from(document.querySelectorAll('a[href]')).filter(visible).slice(0, 200);
  for (const a of links) count(brandColours, hex(getComputedStyle(a).color), 1);
  for (const h of Array.from(document.querySelectorAll('h1, h2, h3, header, nav')).filter(visible).slice(0, 50)) {
    count(brandColours, hex(getComputedStyle(h).color), 1);
    const bg = hex(getComputedStyle(h).backgroundColor);
    if (bg) count(brandColours, bg, 2);
  }

  const fonts = {};
  for (const el of Array.from(document.querySelectorAll('body, p, li, h1, h2, h3, h4, a, button, span, td')).slice(0, 2000)) {
    const own = Array.from(el.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join('');
    if (own) count(fonts, getComputedStyle(el).fontFamily, own.length);
  }

  const primaryButton = buttons.find((b) => hex(getComputedStyle(b).backgroundColor) && hex(getComputedStyle(b).backgroundColor) !== backgroundOf(body));
  const secondaryButton = buttons.find((b) => b !== primaryButton);
  const buttonOf = (b) => {
    if (!b) return null;
    const s = getComputedStyle(b);
    return { background: hex(s.backgroundColor), textColor: hex(s.color), borderColor: parseFloat(s.borderTopWidth) > 0 ? hex(s.borderTopColor) : null, borderRadius: s.borderTopLeftRadius };
  };
  const input = style('input[type=text], input[type=email], input[type=search], input:not([type]), textarea');

  const logoCandidates = [];
  const scoreLogo = (el, base) => {
    const text = ((el.getAttribute('class') || '') + ' ' + (el.id || '') + ' ' + (el.getAttribute('alt') || '') + ' ' + (el.getAttribute('src') || '') + ' ' + (el.getAttribute('aria-label') || '')).toLowerCase();
    let score = base;
    if (/logo|brand/.test(text)) score += 5;
    if (el.closest('header, nav, [class*=header], [class*=navbar]')) score += 3;
    const link = el.closest('a');
    if (link && new URL(link.href, location.href).pathname === '/') score += 3;
    return score;
  };
  for (const img of Array.from(document.querySelectorAll('img')).filter(visible).slice(0, 100)) {
    logoCandidates.push({ url: img.currentSrc || img.src, alt: img.getAttribute('alt') || null, score: scoreLogo(img, 0) });
  }
  for (const svg of Array.from(document.querySelectorAll('svg')).filter(visible).slice(0, 50)) {
    const s = scoreLogo(svg, -1);
    if (s >= 4) logoCandidates.push({ url: 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(new XMLSerializer().serializeToString(svg)))), alt: svg.getAttribute('aria-label'), score: s });
  }
  logoCandidates.sort((a, b) => b.score - a.score);
  const logo = logoCandidates.find((c) => c.score >= 4) || null;

  const icon = document.querySelector('link[rel~=icon], link[rel=apple-touch-icon], link[rel="shortcut icon"]');
  const meta = (p) => { const m = document.querySelector('meta[property="' + p + '"], meta[name="' + p + '"]'); return m ? m.getAttribute('content') : null; };

  return {
    background: backgroundOf(body),
    text: hex(bodyStyle.color),
    secondaryText: textOf(style('small, figcaption, .muted, .text-muted, .secondary, time'))?.color || null,
    link: links.length ? hex(getComputedStyle(links[0]).color) : null,
    declaredScheme: (meta('color-scheme') || getComputedStyle(document.documentElement).colorScheme || '').toLowerCase(),
    brandColours: Object.entries(brandColours).sort((a, b) => b[1] - a[1]).map((e) => e[0]),
    fonts: Object.entries(fonts).sort((a, b) => b[1] - a[1]).map((e) => e[0]),
    body: textOf(paragraph),
    h1: textOf(style('h1')),
    h2: textOf(style('h2')),
    h3: textOf(style('h3')),
    small: textOf(style('small, figcaption, .small')),
    code: textOf(style('code, pre, kbd')),
    buttonPrimary: buttonOf(primaryButton),
    buttonSecondary: buttonOf(secondaryButton),
    input: input ? { borderColor: hex(input.s.borderTopColor), borderRadius: input.s.borderTopLeftRadius } : null,
    logo: logo ? logo.url : null,
    logoAlt: logo ? logo.alt : null,
    favicon: icon ? new URL(icon.getAttribute('href'), location.href).href : new URL('/favicon.ico', location.href).href,
    ogImage: meta('og:image') ? new URL(meta('og:image'), location.href).href : null,
    siteName: meta('og:site_name') || meta('application-name'),
    title: document.title,
  };
})()`;
