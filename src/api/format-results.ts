/** What the model-read and measured formats put in a Document (§2.6), as the SDKs type them. */

export interface AttributeValues {
  selector: string;
  attribute: string;
  values: string[];
}

/** The Document's `branding`, shaped as the SDKs type BrandingProfile (the parts a page's styles tell). */
export interface BrandingProfile {
  colorScheme: 'light' | 'dark';
  brandName?: string;
  logo: string | null;
  fonts: { family: string; role?: string }[];
  colors: Record<string, string>;
  typography: {
    fontFamilies: Record<string, string>;
    fontStacks: Record<string, string[]>;
    fontSizes: Record<string, string>;
    lineHeights: Record<string, number>;
    fontWeights: Record<string, number>;
  };
  spacing: { borderRadius?: string };
  components: Record<string, Record<string, string>>;
  images: { logo: string | null; favicon: string | null; ogImage: string | null };
  tone?: { voice?: string; emojiUsage?: string };
  personality?: { tone: string; energy: string; targetAudience: string };
}

export interface Price {
  amount: number;
  currency?: string;
  formatted?: string;
}

export interface MenuItem {
  id: string;
  name: string;
  description?: string;
  images: { url: string; alt?: string }[];
  price?: Price;
  availability: { inStock: boolean; text?: string };
  dietary: string[];
  calories?: number;
  optionGroups: unknown[];
  identifiers: { merchantItemId?: string };
  url?: string;
  sourceUrl: string;
}

export interface MenuSection {
  id: string;
  name: string;
  description?: string;
  items: MenuItem[];
}

/** The Document's `menu`, shaped as the SDKs type MenuProfile. */
export interface MenuProfile {
  isMenu: boolean;
  /** 1 for published schema.org menus; lower for menus read from the page's text. */
  confidence: number;
  merchant: { name: string; type?: string | null; location?: unknown };
  currency?: string | null;
  sections: MenuSection[];
  sourceUrl: string;
}

export interface ProductVariant {
  id?: string;
  sku?: string;
  title?: string;
  values?: Record<string, unknown>;
  price?: Price;
  sale?: { originalPrice: Price };
  availability: { inStock: boolean; text?: string };
  images?: { url: string; alt?: string }[];
}

/** The Document's `product`, shaped as the SDKs type ProductProfile. */
export interface ProductProfile {
  title: string;
  brand?: string;
  category?: string;
  url: string;
  description?: string;
  variants: ProductVariant[];
}

/** The Document's `promptInjection`: what a scan of the page's text found. */
export interface PromptInjectionResult {
  /** True when the page carries text written to steer a language model that reads it. */
  detected: boolean;
  /** The offending passages, as on the page (at most 5, each at most 300 characters). */
  findings: string[];
  /** `patterns`: the offline rules only; `patterns+model`: the configured model judged the page too. */
  checkedBy: 'patterns' | 'patterns+model';
}
