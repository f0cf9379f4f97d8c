import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  BRANDING_PRESETS,
  brandingCss,
  brandingExport,
  brandingFileName,
  brandingInputSchema,
  brandingVariables,
  brandPalette,
  contrastRatio,
  DEFAULT_BRAND_PALETTE,
  DEFAULT_BRANDING,
  primaryColourProblem,
  storedBranding,
} from './index.ts';

const fieldCodes = (input: unknown) => {
  const result = brandingInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('contrast (WCAG 2)', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#f97316', '#f97316')).toBe(1);
    // The app's own button: white on #c2410c is 5.18:1 (index.css).
    expect(contrastRatio('#ffffff', '#c2410c')).toBeCloseTo(5.18, 2);
  });
});

describe('the brand palette derived from the primary colour', () => {
  // Spec 2's swatches, a dark colour, a light but usable one and colours off the usual wheel.
  const colours = [
    ...BRANDING_PRESETS.map((p) => p.color),
    '#1e3a8a',
    '#22c55e',
    '#ec4899',
    '#84cc16',
    '#111111',
  ];

  it('keeps the app’s own palette for the default primary', () => {
    expect(brandPalette('#f97316')).toEqual(DEFAULT_BRAND_PALETTE);
    expect(brandPalette('#F97316')).toEqual(DEFAULT_BRAND_PALETTE);
    expect(brandingVariables(DEFAULT_BRANDING)).toEqual({});
  });

  it.each(colours)('%s: every pair of shades the screens put text on reads at AA', (colour) => {
    const p = brandPalette(colour);
    expect(p[500]).toBe(colour.toLowerCase());
    // White on buttons (bg-brand-600/700) and brand text on white (text-brand-600/700/800).
    for (const shade of [600, 700, 800, 900] as const)
      expect(contrastRatio('#ffffff', p[shade])).toBeGreaterThanOrEqual(AA_CONTRAST);
    // Links and badges: text-brand-700 on bg-brand-50 / bg-brand-100.
    for (const tint of [50, 100] as const) {
      expect(contrastRatio(p[700], p[tint])).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(contrastRatio(p[800], p[tint])).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });

  it.each(BRANDING_PRESETS.map((p) => p.color))('accepts spec 2’s swatch %s', (colour) => {
    expect(primaryColourProblem(colour)).toBeNull();
  });

  it('refuses a colour whose button shade would have to be darkened more than half-way to black', () => {
    for (const colour of ['#ffffff', '#ffff00', '#fef3c7', '#e0f2fe'])
      expect(primaryColourProblem(colour), colour).not.toBeNull();
    expect(fieldCodes({ ...DEFAULT_BRANDING, primary_color: '#ffff00' })).toEqual([
      'primary_color:validation.contrast',
    ]);
  });

  it('drives Tailwind’s brand variables and the font for anything but the defaults', () => {
    const vars = brandingVariables({ ...DEFAULT_BRANDING, primary_color: '#3b82f6', font: 'poppins' });
    expect(Object.keys(vars)).toHaveLength(11);
    expect(vars['--color-brand-500']).toBe('#3b82f6');
    expect(vars['--font-sans']).toMatch(/^'Poppins', system-ui/);
  });
});

describe('the settings schema', () => {
  it('accepts the defaults and writes colours in lower case', () => {
    expect(
      brandingInputSchema.parse({ ...DEFAULT_BRANDING, secondary_color: '#FB923C' }).secondary_color,
    ).toBe('#fb923c');
  });

  it('names each field at fault', () => {
    expect(
      fieldCodes({
        ...DEFAULT_BRANDING,
        secondary_color: 'orange',
        accent_color: '#dc26',
        app_name: '   ',
        tagline: 'x'.repeat(81),
        font: 'comic_sans',
        theme: 'dark',
      }),
    ).toEqual([
      'secondary_color:validation.hex_colour',
      'accent_color:validation.hex_colour',
      'app_name:validation.required',
      'tagline:Too big: expected string to have <=80 characters',
      'font:validation.invalid_option',
      'theme:validation.invalid_option',
    ]);
    expect(fieldCodes({ ...DEFAULT_BRANDING, app_name: 'x'.repeat(41) })).toHaveLength(1);
    expect(fieldCodes({ ...DEFAULT_BRANDING, app_name: 'x'.repeat(40) })).toEqual([]);
  });
});

describe('export', () => {
  it('names the file after the app, lowercased with dashes (spec 2)', () => {
    expect(brandingFileName('Township Trade')).toBe('township-trade-branding.json');
    expect(brandingFileName('  Soweto  Co-op Traders ')).toBe('soweto-co-op-traders-branding.json');
    expect(brandingFileName('A/B: "Shop"')).toBe('ab-shop-branding.json');
    expect(brandingFileName('///')).toBe('app-branding.json');
  });

  it('generates spec 2’s CSS: the three colours, the font, three helpers and the body rule', () => {
    const css = brandingCss({ ...DEFAULT_BRANDING, primary_color: '#0891b2', font: 'lato' });
    expect(css).toContain('--primary-color: #0891b2;');
    expect(css).toContain(`--primary-dark: ${brandPalette('#0891b2')[600]};`);
    expect(css).toContain('--secondary-color: #fb923c;');
    expect(css).toContain('--accent-color: #dc2626;');
    expect(css).toContain("--font-family: 'Lato', system-ui");
    for (const rule of ['.bg-primary {', '.text-primary {', '.border-primary {', 'body {'])
      expect(css).toContain(rule);
  });

  it('holds every setting, the CSS and the time', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const file = brandingExport(DEFAULT_BRANDING, '/api/branding/logo?v=3', now);
    expect(file).toEqual({
      settings: { ...DEFAULT_BRANDING, logo_url: '/api/branding/logo?v=3' },
      css: brandingCss(DEFAULT_BRANDING),
      exported_at: '2026-12-01T10:00:00.000Z',
    });
  });

  it('keeps for the next start only what differs from the product’s own', () => {
    expect(storedBranding({ ...DEFAULT_BRANDING, version: 0, logo_url: null })).toEqual({
      v: 0,
      vars: {},
      name: null,
      tagline: null,
      logo: null,
      font: 'system',
    });
    expect(
      storedBranding({ ...DEFAULT_BRANDING, app_name: 'Kasi Market', version: 4, logo_url: null }).name,
    ).toBe('Kasi Market');
  });
});
