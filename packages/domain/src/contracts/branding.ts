import { brandingInputSchema, brandingLogoQuerySchema, brandingSchema } from '../branding.ts';
import { LOGO_MAX_BYTES } from '../branding-rules.ts';
import { contract } from './contract.ts';

const maxKb = LOGO_MAX_BYTES / 1024;

/**
 * The deployment's branding (spec 2 White Label Customizer; DECISIONS 11; ADR 049). Every visitor's app reads it,
 * so the read is public and answered with an ETag; only an administrator changes it (`branding.manage`).
 */
export const brandingContracts = {
  get: contract({
    method: 'GET',
    path: '/api/branding',
    tag: 'branding',
    summary: 'The branding settings every visitor’s app applies (ETag: the version; 304 when unchanged)',
    access: 'public',
    status: 200,
    response: brandingSchema,
  }),
  save: contract({
    method: 'PUT',
    path: '/api/branding',
    tag: 'branding',
    summary: 'Save the branding settings (colours, font, theme, app name, tagline)',
    access: 'branding.manage',
    denied: 'branding.admin_only',
    body: brandingInputSchema,
    status: 200,
    response: brandingSchema,
  }),
  uploadLogo: contract({
    method: 'POST',
    path: '/api/branding/logo',
    tag: 'branding',
    summary: `Upload the logo (multipart field "file", JPEG or PNG up to ${maxKb} KB); the server re-encodes it`,
    access: 'branding.manage',
    denied: 'branding.admin_only',
    status: 200,
    response: brandingSchema,
  }),
  removeLogo: contract({
    method: 'DELETE',
    path: '/api/branding/logo',
    tag: 'branding',
    summary: 'Remove the logo: the product’s own mark shows again',
    access: 'branding.manage',
    denied: 'branding.admin_only',
    status: 200,
    response: brandingSchema,
  }),
  logo: contract({
    method: 'GET',
    path: '/api/branding/logo',
    tag: 'branding',
    summary: 'The logo (always the JPEG the server made); 404 when there is none',
    access: 'public',
    query: brandingLogoQuerySchema,
    status: 200,
  }),
};
