import type { BrandingFont } from './branding-rules.ts';

/**
 * What the web's first load needs of the branding (ADR 049), apart from the rules: a module of its own, so that the
 * app's entry carries these few lines and not the palette's rules (a bundler keeps a used module whole).
 */
export const DEFAULT_APP_NAME = 'Township Trade';
/** The product's own primary colour (index.css's brand-500, index.html's theme-color). */
export const DEFAULT_PRIMARY_COLOR = '#f97316';

/**
 * What the web keeps in localStorage (BRANDING_STORAGE_KEY) so that the next start applies the branding before its
 * first paint (index.html's head script reads it: keep it small and flat).
 */
export interface StoredBranding {
  /** The server's version of the settings it came from. */
  v: number;
  /** CSS custom properties for the document's root. */
  vars: Record<string, string>;
  /** The app name and tagline, when not the product's own (which are translated). */
  name: string | null;
  tagline: string | null;
  logo: string | null;
  font: BrandingFont;
}
export const BRANDING_STORAGE_KEY = 'tt_branding';
