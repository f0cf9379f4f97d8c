import { z } from 'zod';
import { DEMO_ROLES } from './roles.ts';

export const demoRoleSchema = z.enum(DEMO_ROLES);

export const demoLoginSchema = z
  .object({ role: demoRoleSchema.default('retailer') })
  .default({ role: 'retailer' });

/** POST /api/sessions: the code from /auth/callback, with the state and issuer the provider sent back. */
export const sessionExchangeSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
});

export const redirectUrlSchema = z.object({ redirectUrl: z.string() });

/** Spec 1 §8: the server's (developer) text of a failed completion; the web shows its own words. */
export function exchangeFailedMessage(status: number): string {
  return `Failed to exchange code for session token: API responded with HTTP status ${status}`;
}

/** GET /api/auth/options: which sign-in methods this server offers. */
export const authOptionsSchema = z.object({ external: z.boolean(), demo: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;
