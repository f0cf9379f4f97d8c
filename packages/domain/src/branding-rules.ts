/**
 * The deployment's branding (spec 2 "White Label Customizer", §3 "Branding settings"; DECISIONS 11: Save Changes
 * persists and applies it; ADR 049). Plain functions and constants, no zod: the web's start reads them before any
 * screen (the schemas are in branding.ts).
 */
import { DEFAULT_APP_NAME, DEFAULT_PRIMARY_COLOR, type StoredBranding } from './branding-store.ts';

/** Spec 2's eight primary swatches, in its order. */
export const BRANDING_PRESETS = [
  { name: 'orange', color: '#f97316' },
  { name: 'blue', color: '#3b82f6' },
  { name: 'green', color: '#10b981' },
  { name: 'red', color: '#ef4444' },
  { name: 'purple', color: '#8b5cf6' },
  { name: 'yellow', color: '#f59e0b' },
  { name: 'teal', color: '#0891b2' },
  { name: 'brown', color: '#a16207' },
] as const;

/**
 * The fonts offered: the phone's own (nothing to download, the app's font until now) and spec 2's eight, each
 * shipped by the app itself (latin, woff2) and loaded only when chosen.
 */
export const BRANDING_FONTS = [
  'system',
  'inter',
  'poppins',
  'roboto',
  'open_sans',
  'lato',
  'source_sans_pro',
  'ubuntu',
  'nunito',
] as const;
export type BrandingFont = (typeof BRANDING_FONTS)[number];

/** The family each font names (the system one is the app's own stack, index.css). */
export const SYSTEM_FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";
export const FONT_NAMES: Record<Exclude<BrandingFont, 'system'>, string> = {
  inter: 'Inter',
  poppins: 'Poppins',
  roboto: 'Roboto',
  open_sans: 'Open Sans',
  lato: 'Lato',
  source_sans_pro: 'Source Sans Pro',
  ubuntu: 'Ubuntu',
  nunito: 'Nunito',
};
export function fontFamily(font: BrandingFont): string {
  return font === 'system' ? SYSTEM_FONT_STACK : `'${FONT_NAMES[font]}', ${SYSTEM_FONT_STACK}`;
}

/**
 * Spec 2's theme modes. Only light is offered: every screen is drawn for a light background (ADR 049), so a dark
 * or automatic theme would be a choice that does not work.
 */
export const BRANDING_THEMES = ['light', 'dark', 'auto'] as const;
export const AVAILABLE_THEMES = ['light'] as const;
export type BrandingTheme = (typeof AVAILABLE_THEMES)[number];

export const APP_NAME_MAX = 40;
export const TAGLINE_MAX = 80;
/** A logo upload: the bytes sent, and the longest side of the picture the server keeps. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_STORED_MAX_SIDE = 256;

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
/**
 * How far towards black the app may darken the primary colour to find the shade its buttons and links use. Past
 * that the shade would no longer look like the chosen colour, so a colour that needs more is refused.
 */
export const MAX_DARKENING = 0.5;

export interface BrandingSettings {
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  app_name: string;
  tagline: string;
  font: BrandingFont;
  theme: BrandingTheme;
}

/** Spec 2 §3's defaults; the font is the phone's own (ADR 049: a downloaded font costs every first visit). */
export const DEFAULT_BRANDING: BrandingSettings = {
  primary_color: DEFAULT_PRIMARY_COLOR,
  secondary_color: '#fb923c',
  accent_color: '#dc2626',
  app_name: DEFAULT_APP_NAME,
  tagline: 'Empowering Township Entrepreneurs',
  font: 'system',
  theme: 'light',
};

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

type Rgb = [number, number, number];
const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const hexOf = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG 2's relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` moved `amount` (0-1) of the way to `to`. */
export function mix(hex: string, to: string, amount: number): string {
  const a = rgbOf(hex);
  const b = rgbOf(to);
  return hexOf([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as Rgb);
}

const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);
const tint = (hex: string, amount: number) => mix(hex, '#ffffff', amount);

/** The least darkening (in hundredths) that makes `hex` carry `against` at AA, or null within `max`. */
function darkeningFor(hex: string, against: string[], from: number, max = 1): number | null {
  for (let step = Math.round(from * 100); step <= max * 100; step += 1) {
    const shade = darken(hex, step / 100);
    if (against.every((c) => contrastRatio(shade, c) >= AA_CONTRAST)) return step / 100;
  }
  return null;
}

export const BRAND_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type BrandShade = (typeof BRAND_SHADES)[number];
export type BrandPalette = Record<BrandShade, string>;

/** The app's own hand-tuned palette (index.css): what the default primary gives, exactly. */
export const DEFAULT_BRAND_PALETTE: BrandPalette = {
  50: '#fff7ed',
  100: '#ffedd5',
  200: '#fed7aa',
  300: '#fdba74',
  400: '#fb923c',
  500: '#f97316',
  600: '#c2410c',
  700: '#9a3412',
  800: '#7c2d12',
  900: '#5c2410',
};

/**
 * Why a primary colour cannot be the app's brand: white text on the shade derived for buttons (600) would not
 * reach AA even darkened MAX_DARKENING of the way to black. Null when it can.
 */
export function primaryColourProblem(primary: string): { needed: number } | null {
  if (primary.toLowerCase() === DEFAULT_BRANDING.primary_color) return null;
  const needed = darkeningFor(primary, ['#ffffff'], 0);
  return needed !== null && needed <= MAX_DARKENING ? null : { needed: needed ?? 1 };
}

/**
 * The brand-50 to brand-900 palette the app's screens use (Tailwind's `brand-*`), derived from the primary:
 * 50-400 tints for backgrounds, rings and bars; 500 the colour itself; 600 the lightest shade that carries white
 * text at AA (buttons, and text on white); 700 the lightest darker one that reads at AA on the 50 and 100 tints
 * (links, badges); 800 and 900 darker still. The default primary keeps the app's own palette.
 */
export function brandPalette(primary: string): BrandPalette {
  const p = primary.toLowerCase();
  if (p === DEFAULT_BRANDING.primary_color) return DEFAULT_BRAND_PALETTE;
  const t50 = tint(p, 0.93);
  const t100 = tint(p, 0.85);
  const d600 = darkeningFor(p, ['#ffffff'], 0) ?? 1;
  const d700 = darkeningFor(p, ['#ffffff', t50, t100], Math.min(1, d600 + 0.12)) ?? 1;
  return {
    50: t50,
    100: t100,
    200: tint(p, 0.7),
    300: tint(p, 0.5),
    400: tint(p, 0.25),
    500: p,
    600: darken(p, d600),
    700: darken(p, d700),
    800: darken(p, Math.min(1, d700 + 0.12)),
    900: darken(p, Math.min(1, d700 + 0.24)),
  };
}

/**
 * The CSS custom properties that re-brand the app: Tailwind's brand palette, the font, and the secondary and
 * accent colours for what the deployment adds of its own. Empty for the defaults (index.css already says it).
 */
export function brandingVariables(settings: BrandingSettings): Record<string, string> {
  const vars: Record<string, string> = {};
  if (settings.primary_color.toLowerCase() !== DEFAULT_BRANDING.primary_color) {
    const palette = brandPalette(settings.primary_color);
    for (const shade of BRAND_SHADES) vars[`--color-brand-${shade}`] = palette[shade];
  }
  if (settings.font !== 'system') vars['--font-sans'] = fontFamily(settings.font);
  return vars;
}

/**
 * Spec 2's generated CSS: variables for the three colours and the font, helper classes for primary background,
 * text and border, and a body font rule. It adds the shade that carries white text (`--primary-dark`), which the
 * helpers use for text, so what is copied from here stays readable too.
 */
export function brandingCss(settings: BrandingSettings): string {
  const dark = brandPalette(settings.primary_color)[600];
  return [
    ':root {',
    `  --primary-color: ${settings.primary_color};`,
    `  --primary-dark: ${dark};`,
    `  --secondary-color: ${settings.secondary_color};`,
    `  --accent-color: ${settings.accent_color};`,
    `  --font-family: ${fontFamily(settings.font)};`,
    '}',
    '',
    '.bg-primary {',
    '  background-color: var(--primary-dark);',
    '  color: #ffffff;',
    '}',
    '',
    '.text-primary {',
    '  color: var(--primary-dark);',
    '}',
    '',
    '.border-primary {',
    '  border-color: var(--primary-color);',
    '}',
    '',
    'body {',
    '  font-family: var(--font-family);',
    '}',
    '',
  ].join('\n');
}

/** Spec 2: the app name lowercased with spaces turned into dashes, then -branding.json (no path characters). */
export function brandingFileName(appName: string): string {
  const base = appName
    .trim()
    .toLowerCase()
    .replace(/[\\/:*?"<>|]|\p{Cc}/gu, '')
    .replace(/\s+/g, '-');
  return `${base || 'app'}-branding.json`;
}

/** What Export Config downloads: every setting, the generated CSS and when it was exported. */
export function brandingExport(settings: BrandingSettings, logoUrl: string | null, now: Date) {
  return {
    settings: { ...settings, logo_url: logoUrl },
    css: brandingCss(settings),
    exported_at: now.toISOString(),
  };
}

export function storedBranding(
  settings: BrandingSettings & { version: number; logo_url: string | null },
): StoredBranding {
  return {
    v: settings.version,
    vars: brandingVariables(settings),
    name: settings.app_name === DEFAULT_BRANDING.app_name ? null : settings.app_name,
    tagline: settings.tagline === DEFAULT_BRANDING.tagline ? null : settings.tagline,
    logo: settings.logo_url,
    font: settings.font,
  };
}
