import { z } from 'zod';
import {
  APP_NAME_MAX,
  AVAILABLE_THEMES,
  BRANDING_FONTS,
  HEX_COLOUR,
  primaryColourProblem,
  TAGLINE_MAX,
} from './branding-rules.ts';

const colour = z
  .string()
  .trim()
  .regex(HEX_COLOUR, { message: 'validation.hex_colour' })
  .transform((hex) => hex.toLowerCase());

/**
 * What Save Changes sends (PUT /api/branding): spec 2 §3's settings. The primary colour must leave the app
 * readable: white text on the shade derived from it for buttons reaches WCAG AA (primaryColourProblem).
 */
export const brandingInputSchema = z.object({
  primary_color: colour.refine((hex) => primaryColourProblem(hex) === null, {
    message: 'validation.contrast',
  }),
  secondary_color: colour,
  accent_color: colour,
  app_name: z.string().trim().min(1, { message: 'validation.required' }).max(APP_NAME_MAX),
  tagline: z.string().trim().max(TAGLINE_MAX),
  font: z.enum(BRANDING_FONTS, { message: 'validation.invalid_option' }),
  theme: z.enum(AVAILABLE_THEMES, { message: 'validation.invalid_option' }),
});
export type BrandingInput = z.infer<typeof brandingInputSchema>;

/** GET /api/branding: the settings, the logo's address (null: the product's own mark) and the version. */
export const brandingSchema = z.object({
  primary_color: z.string(),
  secondary_color: z.string(),
  accent_color: z.string(),
  app_name: z.string(),
  tagline: z.string(),
  font: z.enum(BRANDING_FONTS),
  theme: z.enum(AVAILABLE_THEMES),
  logo_url: z.string().nullable(),
  /** Goes up with every change (settings or logo): the answer's ETag, and what the web's copy is checked by. */
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const brandingLogoQuerySchema = z.object({
  v: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

export const brandingLogoPath = (version: number) => `/api/branding/logo?v=${version}`;
