import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 2.2 contrast of the colour pairs the interface puts text on (issue 10 point 11). The values are
 * read from our theme (apps/web/src/index.css) and Tailwind's own theme, so changing a token that a pair
 * uses fails here before it fails a user.
 */
const ownTheme = readFileSync(new URL('../../index.css', import.meta.url), 'utf8');
const tailwindTheme = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');

function token(name: string): string {
  if (name.startsWith('#')) return name;
  const pattern = new RegExp(`--color-${name}:\\s*([^;]+);`);
  const value = pattern.exec(ownTheme)?.[1] ?? pattern.exec(tailwindTheme)?.[1];
  if (!value) throw new Error(`No colour token ${name}`);
  return value.trim();
}

type Rgb = [number, number, number];

/** Linear-light sRGB channels (0..1) of a `#rrggbb`, `#rgb` or `oklch(L% C H)` value. */
function linear(value: string): Rgb {
  if (value.startsWith('#')) {
    const hex = value.length === 4 ? [...value.slice(1)].map((c) => c + c).join('') : value.slice(1);
    return [0, 2, 4].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
  }
  const match = /oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)/.exec(value);
  if (!match) throw new Error(`Unsupported colour ${value}`);
  const [l, c, h] = [Number(match[1]) / 100, Number(match[2]), (Number(match[3]) * Math.PI) / 180];
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  // OKLab -> LMS -> linear sRGB (Björn Ottosson's matrices), clamped to the gamut as browsers do.
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clamp(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
    clamp(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
    clamp(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_),
  ];
}

const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

function contrast(foreground: string, background: string): number {
  const [x, y] = [luminance(linear(foreground)), luminance(linear(background))].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

describe('WCAG contrast formula', () => {
  it('gives the known ratios', () => {
    expect(contrast('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The measurements of the old colours: white on #ea580c.
    expect(contrast('#ffffff', '#ea580c')).toBeCloseTo(3.56, 2);
  });
});

/** [text, background, where] with normal-size text: every one must reach 4.5:1. */
const normalText: [string, string, string][] = [
  ['white', 'brand-600', 'primary button, active tab, count badges, landing hero'],
  ['white', 'brand-700', 'primary button hovered'],
  ['white', 'brand-800', 'landing hero gradient end'],
  ['brand-700', 'white', 'links and brand text'],
  ['brand-700', 'brand-50', 'highlighted text'],
  ['brand-700', 'brand-100', 'brand chips'],
  ['brand-800', 'brand-50', 'current navigation item'],
  ['stone-500', 'white', 'secondary text, struck-through list prices, placeholders'],
  ['stone-500', 'stone-50', 'secondary text on the page background'],
  ['stone-600', 'stone-100', 'unearned achievement badge'],
  ['white', 'green-700', 'added-to-cart button, back-online banner'],
  ['white', 'red-600', 'danger button'],
  ['white', 'stone-900', 'secondary button'],
  ['stone-200', 'stone-900', 'landing call-to-action text'],
  ['orange-800', 'orange-100', 'orange badge'],
  ['#b91c1c', '#fff0f0', 'error toast (Toasts.tsx over sonner hsl(359 100% 97%))'],
];

describe('text colours on their backgrounds', () => {
  it.each(normalText)('%s on %s (%s) reaches 4.5:1', (text, background) => {
    expect(contrast(token(text), token(background))).toBeGreaterThanOrEqual(4.5);
  });
});
