import type { BrowserAction } from '../../browser/index.js';
import { NO_TOKENS } from '../../llm/types.js';
import type { Deriver } from './deriver.js';
import type { FetchedPage } from '../engines/page.js';
import { BRANDING_PROBE } from './branding-probe.js';
import { askModel, done, failure, OFFLINE_NOTE } from './outcome.js';
import type { BrandingProfile } from '../../api/format-results.js';

interface TextStyle {
  family: string;
  size: string;
  weight: number;
  lineHeight: string;
  color: string | null;
}

/** What BRANDING_PROBE returns from the page. */
interface Probe {
  background: string;
  text: string | null;
  secondaryText: string | null;
  link: string | null;
  declaredScheme: string;
  brandColours: string[];
  fonts: string[];
  body: TextStyle | null;
  h1: TextStyle | null;
  h2: TextStyle | null;
  h3: TextStyle | null;
  small: TextStyle | null;
  code: TextStyle | null;
  buttonPrimary: Record<string, string | null> | null;
  buttonSecondary: Record<string, string | null> | null;
  input: Record<string, string | null> | null;
  logo: string | null;
  logoAlt: string | null;
  favicon: string | null;
  ogImage: string | null;
  siteName: string | null;
  title: string;
}

const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-sans-serif', 'ui-serif', 'ui-monospace', '-apple-system', 'blinkmacsystemfont']);

export const stackOf = (family: string): string[] => family.split(',').map((f) => f.trim().replace(/^["']|["']$/g, '')).filter(Boolean);
const firstNamed = (family: string) => stackOf(family).find((f) => !GENERIC_FAMILIES.has(f.toLowerCase())) ?? stackOf(family)[0] ?? family;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Greys say little about a brand: a colour counts when its channels differ enough. */
function saturated(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return Math.max(r!, g!, b!) - Math.min(r!, g!, b!) > 40;
}

const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as { [K in keyof T]: NonNullable<T[K]> };

export function brandingOf(p: Probe): BrandingProfile {
  const scheme = /dark/.test(p.declaredScheme) && !/light/.test(p.declaredScheme) ? 'dark' : luminance(p.background) < 0.4 ? 'dark' : 'light';
  const brand = p.brandColours.filter((c) => saturated(c) && c !== p.background);
  const ratio = (t: TextStyle | null) => {
    if (!t) return undefined;
    const lh = parseFloat(t.lineHeight);
    const size = parseFloat(t.size);
    return Number.isFinite(lh) && size ? Math.round((lh / size) * 100) / 100 : t.lineHeight === 'normal' ? 1.2 : undefined;
  };
  const fontRoles = new Map<string, string>();
  if (p.h1) fontRoles.set(firstNamed(p.h1.family), 'heading');
  if (p.body) fontRoles.set(firstNamed(p.body.family), 'body');
  if (p.code) fontRoles.set(firstNamed(p.code.family), 'code');
  const families = [...new Set(p.fonts.map(firstNamed))].slice(0, 6);
  const siteName = p.siteName ?? p.logoAlt?.replace(/\s*logo\s*/i, '').trim() ?? (p.title.split(/\s[|–—-]\s/).pop()?.trim() || undefined);
  const buttonPrimary = p.buttonPrimary && defined(p.buttonPrimary);
  const buttonSecondary = p.buttonSecondary && defined(p.buttonSecondary);
  const input = p.input && defined(p.input);
  return {
    colorScheme: scheme,
    ...(siteName && { brandName: siteName }),
    logo: p.logo,
    fonts: families.map((family) => ({ family, ...(fontRoles.get(family) && { role: fontRoles.get(family)! }) })),
    colors: defined({
      primary: brand[0] ?? p.link ?? undefined,
      secondary: brand[1],
      accent: brand[2],
      background: p.background,
      textPrimary: p.text,
      textSecondary: p.secondaryText ?? undefined,
      link: p.link,
    }),
    typography: {
      fontFamilies: defined({ primary: p.body && firstNamed(p.body.family), heading: p.h1 && firstNamed(p.h1.family), code: p.code && firstNamed(p.code.family) }),
      fontStacks: defined({ primary: p.body && stackOf(p.body.family), heading: p.h1 && stackOf(p.h1.family), body: p.body && stackOf(p.body.family), paragraph: p.body && stackOf(p.body.family) }),
      fontSizes: defined({ h1: p.h1?.size, h2: p.h2?.size, h3: p.h3?.size, body: p.body?.size, small: p.small?.size }),
      lineHeights: defined({ heading: ratio(p.h1), body: ratio(p.body) }),
      fontWeights: defined({ regular: p.body?.weight, bold: p.h1 && p.h1.weight >= 600 ? p.h1.weight : undefined }),
    },
    spacing: defined({ borderRadius: p.buttonPrimary?.borderRadius ?? undefined }),
    components: defined({
      buttonPrimary: buttonPrimary && Object.keys(buttonPrimary).length ? buttonPrimary : undefined,
      buttonSecondary: buttonSecondary && Object.keys(buttonSecondary).length ? buttonSecondary : undefined,
      input: input && Object.keys(input).length ? input : undefined,
    }),
    images: { logo: p.logo, favicon: p.favicon, ogImage: p.ogImage },
  };
}

/** The probe, run after the caller's own actions. */
export const BRANDING_ACTION: BrowserAction = { type: 'executeJavascript', script: BRANDING_PROBE };

/**
 * Takes the probe's answer (the last javascript return) off a rendered page,
 * so that the caller's own `actions` results stay exactly theirs, and turns
 * it into the branding profile.
 */
export function takeBranding(page: FetchedPage): FetchedPage {
  const probe = page.actions?.javascriptReturns.pop();
  if (probe?.type === 'object' && probe.value) page.branding = brandingOf(probe.value as Probe);
  else page.warnings.push('Branding: the page could not be measured (an action before it failed or the page did not render).');
  return page;
}

const PERSONALITY_SCHEMA = {
  type: 'object',
  properties: {
    tone: { type: 'string', enum: ['professional', 'playful', 'modern', 'traditional', 'minimalist', 'bold'] },
    energy: { type: 'string', enum: ['low', 'medium', 'high'] },
    targetAudience: { type: 'string' },
    voice: { type: 'string', description: "The writing voice in a few words, e.g. 'friendly and direct'" },
    emojiUsage: { type: 'string', enum: ['none', 'light', 'heavy'] },
  },
  required: ['tone', 'energy', 'targetAudience'],
};

/**
 * `branding`: measured in the browser at fetch time (see takeBranding); the
 * configured model adds what styles cannot tell, the brand's personality and
 * tone of voice, read from the page's words. Offline those stay out and the
 * warning says so.
 */
export const brandingFormat: Deriver = {
  format: 'branding',
  async derive(ctx) {
    const branding = ctx.doc.branding;
    if (!branding || branding.personality || (ctx.fromCache && ctx.llm.offline)) return done(NO_TOKENS, []);
    if (ctx.llm.offline) return done(NO_TOKENS, [`Branding: ${OFFLINE_NOTE}, so personality and tone of voice were not read.`]);
    try {
      const out = await askModel<{ tone?: unknown; energy?: unknown; targetAudience?: unknown; voice?: unknown; emojiUsage?: unknown }>(
        ctx,
        "The brand's personality (tone, energy, target audience) and its writing voice, judged from the page's words.",
        PERSONALITY_SCHEMA,
      );
      const d = out.data ?? {};
      if (typeof d.tone === 'string' && typeof d.energy === 'string' && typeof d.targetAudience === 'string') {
        branding.personality = { tone: d.tone, energy: d.energy, targetAudience: d.targetAudience };
      }
      const tone = defined({ voice: typeof d.voice === 'string' ? d.voice : undefined, emojiUsage: typeof d.emojiUsage === 'string' ? d.emojiUsage : undefined });
      if (Object.keys(tone).length) branding.tone = tone;
      return done(out.usage, out.warnings.map((w) => `Branding: ${w}`));
    } catch (err) {
      return failure(ctx, 'Branding personality', err);
    }
  },
};
